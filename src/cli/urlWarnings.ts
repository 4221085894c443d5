/**
 * What to say about a URL a server asks the user to open (URL-mode elicitation). The terminal never
 * opens it; it prints it with these warnings so the person deciding knows where it points.
 */
import ipaddr from "ipaddr.js";

const METADATA = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254", "metadata.google.internal", "metadata", "instance-data"]);
// Zero-width, bidi controls and other invisible characters that make a URL read as something else.
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/;

function hostWords(hostname: string): string | undefined {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (METADATA.has(host)) return `the host ${host} is a cloud metadata service, which hands out the machine's credentials`;
  if (host === "localhost" || host.endsWith(".localhost")) return `the host ${host} is this very computer`;
  if (!ipaddr.isValid(host)) return host.split(".").some((l) => l.startsWith("xn--")) ? `the host ${host} is an internationalised name (punycode): check which letters it really uses` : undefined;
  let addr = ipaddr.parse(host);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  const range = addr.range();
  const words: Record<string, string> = {
    loopback: "loopback (this very computer)",
    linkLocal: "link-local (the local network segment, where metadata services live)",
    private: "private (a machine on a local network)",
    uniqueLocal: "a unique local IPv6 address (a private network)",
    unspecified: "unspecified (may mean this computer)",
    carrierGradeNat: "shared carrier-grade NAT space",
    multicast: "multicast",
    broadcast: "broadcast",
  };
  if (range === "unicast") return undefined;
  return `the address ${addr.toString()} is ${words[range] ?? `in a reserved range (${range})`}`;
}

/** Warnings about a URL, each a short sentence; none for an ordinary https URL on a public name. */
export function urlWarnings(text: string): string[] {
  const warnings: string[] = [];
  if (INVISIBLE.test(text)) warnings.push("the URL contains invisible or direction-changing characters");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [...warnings, "this is not a valid URL"];
  }
  if (url.protocol !== "https:") warnings.push(url.protocol === "http:" ? "not encrypted (http:, not https:)" : `not a web address (${url.protocol})`);
  if (url.username || url.password) warnings.push("the URL carries a user name or password before the host, which can disguise where it goes");
  const host = hostWords(url.hostname);
  if (host) warnings.push(host);
  if (text.length > 2000) warnings.push(`the URL is very long (${text.length} characters)`);
  return warnings;
}
