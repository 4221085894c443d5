/**
 * What to say about a URL a server asks the user to open (URL-mode elicitation). The terminal never
 * opens it; it prints it with these warnings so the person deciding knows where it points. What the
 * URL and its host are is the core's (checkUrl, classifyHost: the same as the app's URL card); only
 * the terminal's wording is here.
 */
import { checkUrl, type HostKind, type UrlWarning } from "../core";

// Zero-width, bidi controls and other invisible characters that make a URL read as something else.
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/;

/** What the host is, after "the host X"; undefined for an ordinary name or a public address. */
const WHERE: Record<HostKind, string | undefined> = {
  metadata: "is a cloud metadata service, which hands out the machine's credentials",
  loopback: "is this very computer (loopback)",
  "link-local": "is link-local (the local network segment, where metadata services live)",
  private: "is private (a machine on a local network)",
  shared: "is in the shared carrier-grade NAT space",
  unspecified: "is unspecified (may mean this computer)",
  multicast: "is multicast or broadcast, not a single web server",
  reserved: "is in a reserved or special-purpose range",
  "public-ip": undefined,
  name: undefined,
};

/** Warnings about a URL, each a short sentence; none for an ordinary https URL on a public name. */
export function urlWarnings(text: string): string[] {
  const warnings: string[] = [];
  if (INVISIBLE.test(text)) warnings.push("the URL contains invisible or direction-changing characters");
  const check = checkUrl(text);
  if (!check.ok) return [...warnings, "this is not a valid URL"];
  const hostname = new URL(check.href).hostname.replace(/^\[|\]$/g, "");
  const host = WHERE[check.hostKind];
  const words: Partial<Record<UrlWarning, string>> = {
    http: "not encrypted (http:, not https:)",
    "not-http": `not a web address (${check.protocol})`,
    credentials: "the URL carries a user name or password before the host, which can disguise where it goes",
    "special-host": host && `the host ${hostname} ${host}`,
    punycode: `the host ${hostname} is an internationalised name (punycode): check which letters it really uses`,
    long: `the URL is very long (${text.length} characters)`,
  };
  // Order as before: the scheme, credentials, where the host points, punycode, length.
  const order: UrlWarning[] = ["not-http", "http", "credentials", "special-host", "punycode", "long"];
  for (const w of order) if (check.warnings.includes(w) && words[w]) warnings.push(words[w]);
  return warnings;
}
