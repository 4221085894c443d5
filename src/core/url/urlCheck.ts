import { classifyHost, type HostKind } from "./hostKind";

/**
 * What a URL from a URL-mode elicitation really points at, before the user opens it (spec
 * "Elicitation", URL mode: show the full URL, highlight the domain, warn about punycode, never
 * pre-fetch). Only http(s) is ever openable; anything else is shown as text.
 */

export type UrlWarning = "http" | "ip-address" | "punycode" | "credentials" | "not-http" | "unparseable" | "long" | "special-host";

export interface HostParts {
  /** Subdomains before the registrable domain, with their trailing dot ("auth."). */
  sub: string;
  /** The part to emphasise: the registrable domain, or the whole IP address. */
  domain: string;
  /** ":8443" when a port is given. */
  port: string;
}

export interface UrlCheck {
  /** The URL parsed. */
  ok: boolean;
  /** The parsed, normalised URL (what would be opened), or the input as given if it did not parse. */
  href: string;
  protocol: string;
  host: string;
  hostParts: HostParts;
  /** "user:pass@" when credentials precede the host, else "". */
  userinfo: string;
  /** Path, query and fragment: href = protocol + "//" + userinfo + host + rest for a web URL. */
  rest: string;
  warnings: UrlWarning[];
  /** Safe to hand to window.open: parsed and http(s). */
  openable: boolean;
  /** Where the host points (hostKind.ts): loopback, private, link-local, metadata… or an ordinary name. */
  hostKind: HostKind;
  /** That, in a sentence, when the host is not an ordinary name or public address. */
  hostWords: string | undefined;
}

/** A URL longer than this can hide its real target in a cramped display. */
export const LONG_URL = 1024;

/** Past this many characters the card shows the URL collapsed: its host and a start, the rest on demand. */
export const COLLAPSE_URL = 300;

/** Second-level labels under which a registrable domain takes three labels (a small, non-exhaustive list). */
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "ne", "or", "go"]);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export const WARNING_TEXT: Record<UrlWarning, string> = {
  http: "Not encrypted (http://): anyone on the network can read or change this page.",
  "ip-address": "The host is a bare IP address, not a domain name.",
  punycode: "The host contains punycode (xn--): it may imitate another domain with look-alike letters.",
  credentials: "The URL carries a user name or password before the host; the real host is after the @.",
  "not-http": "Not a web address: this scheme is never opened.",
  unparseable: "This is not a valid URL.",
  long: "The URL is very long; check the host carefully.",
  "special-host": "The host is not an ordinary internet address.",
};

function splitHost(hostname: string, isIp: boolean, port: string): HostParts {
  if (isIp || !hostname.includes(".")) return { sub: "", domain: hostname, port };
  const labels = hostname.replace(/\.$/, "").split(".");
  const n = labels.length;
  const take = n >= 3 && (labels[n - 2] ?? "").length <= 3 && SECOND_LEVEL.has(labels[n - 2] ?? "") && (labels[n - 1] ?? "").length === 2 ? 3 : 2;
  const domain = labels.slice(-take).join(".");
  const sub = hostname.slice(0, hostname.length - domain.length - (hostname.endsWith(".") ? 1 : 0));
  return { sub, domain: hostname.endsWith(".") ? `${domain}.` : domain, port };
}

/** Never throws; anything not a string or not a URL comes back unparseable and not openable. */
export function checkUrl(input: unknown): UrlCheck {
  const given = typeof input === "string" ? input : String(input ?? "");
  const warnings: UrlWarning[] = [];
  if (given.length > LONG_URL) warnings.push("long");
  let url: URL;
  try {
    if (typeof input !== "string") throw new TypeError("not a string");
    url = new URL(input);
  } catch {
    return { ok: false, href: given, protocol: "", host: "", hostParts: { sub: "", domain: "", port: "" }, userinfo: "", rest: "", warnings: ["unparseable", ...warnings], openable: false, hostKind: "name", hostWords: undefined };
  }
  const web = url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol === "http:") warnings.unshift("http");
  if (!web) warnings.unshift("not-http");
  const hostname = url.hostname;
  const isIp = IPV4.test(hostname) || hostname.startsWith("[");
  if (isIp) warnings.push("ip-address");
  if (hostname.split(".").some((l) => l.toLowerCase().startsWith("xn--"))) warnings.push("punycode");
  if (url.username !== "" || url.password !== "") warnings.push("credentials");
  const where = classifyHost(hostname);
  // The card shows hostWords in place of the generic line for this warning.
  if (where.words !== undefined) warnings.unshift("special-host");
  return {
    ok: true,
    href: url.href,
    protocol: url.protocol,
    host: url.host,
    hostParts: splitHost(hostname, isIp, url.port ? `:${url.port}` : ""),
    userinfo: url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ""}@` : "",
    rest: `${url.pathname}${url.search}${url.hash}`,
    warnings,
    openable: web && hostname !== "",
    hostKind: where.kind,
    hostWords: where.words,
  };
}
