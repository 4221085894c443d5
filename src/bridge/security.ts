// The bridge's checks, kept pure so each can be tested by table. The threats are the ones the
// official inspector's proxy met: CVE-2025-49596 (no authentication: any web page could make the
// proxy spawn a command) and CVE-2025-58444 (a crafted page reaching it through DNS rebinding).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** A per-launch token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The least a given token must have: characters, and bits estimated from their spread. */
export const TOKEN_MIN_LENGTH = 32;
export const TOKEN_MIN_BITS = 128;

/**
 * Whether a token someone chose (PRESA_BRIDGE_TOKEN) is long and random enough, or why not. The
 * estimate is the token's length times the Shannon entropy of its own characters, less every
 * predictable step (a character equal to, or one code point from, the one before counts for
 * nothing): 64 hex digits or 43 base64url characters from a random source pass with room to spare;
 * `aaaa…`, `0123456789abcdef…` or a short word do not. It cannot prove randomness, only refuse what
 * is plainly not.
 */
export function tokenStrength(token: string): { ok: true; bits: number } | { ok: false; bits: number; reason: string } {
  const counts = new Map<string, number>();
  for (const ch of token) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const chars = [...token];
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  let predictable = 0;
  for (let i = 1; i < chars.length; i++) if (Math.abs((chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0)) <= 1) predictable++;
  const bits = Math.floor(perChar * (chars.length - predictable));
  const advice = `use at least ${TOKEN_MIN_LENGTH} random characters (${TOKEN_MIN_BITS} bits), e.g. the output of \`openssl rand -hex 32\``;
  if (/\s/.test(token)) return { ok: false, bits, reason: `the bridge token contains whitespace; ${advice}` };
  if (chars.length < TOKEN_MIN_LENGTH) return { ok: false, bits, reason: `the bridge token is ${chars.length} characters long; ${advice}` };
  if (bits < TOKEN_MIN_BITS) return { ok: false, bits, reason: `the bridge token is not random enough (about ${bits} bits by its characters); ${advice}` };
  return { ok: true, bits };
}

/**
 * Checks `Authorization: Bearer <token>` in constant time: both sides are hashed first, so the
 * comparison never depends on where they differ, nor on their lengths.
 */
export function tokenMatches(authorization: string | undefined, token: string): boolean {
  if (authorization === undefined) return false;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  const given = createHash("sha256").update(m?.[1] ?? "").digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, expected) && m !== null;
}

/** Whether a bind address keeps the bridge on this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/** The Host header values that name the bridge itself: its loopback names with its port. */
export function ownHosts(bindHost: string, port: number, extra: readonly string[] = []): string[] {
  const names = isLoopbackHost(bindHost)
    ? [bindHost.includes(":") && !bindHost.startsWith("[") ? `[${bindHost}]` : bindHost, "localhost", ...(bindHost === "127.0.0.1" ? [] : ["127.0.0.1"])]
    : [bindHost];
  const hosts = names.map((n) => `${n}:${port}`);
  if (port === 80) hosts.push(...names);
  return [...new Set([...hosts, ...extra].map((h) => h.toLowerCase()))];
}

/**
 * DNS rebinding: a page on evil.example whose name later resolves to 127.0.0.1 still sends
 * `Host: evil.example:PORT`. Only the bridge's own names pass.
 */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  return host !== undefined && allowed.includes(host.toLowerCase());
}

/** The origin allow-list: exact origins, or any loopback page when `loopback` is set. */
export interface OriginPolicy {
  loopback: boolean;
  origins: readonly string[];
}

/**
 * A browser always sends Origin on a cross-origin request, so a request without one is not from
 * another site's page (curl, a test, the same origin); it still needs the token. `null` (a
 * sandboxed frame, a file) and anything not listed are refused.
 */
export function originAllowed(origin: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  if (policy.origins.includes(origin)) return true;
  if (!policy.loopback) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** Names of cloud metadata services, refused before any lookup. */
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal"]);

/** An IPv4 address from the low 32 bits of 16-bit groups `hi`, `lo`. */
function v4From(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

/**
 * The IPv4 addresses an IPv6 address carries, each with the name of the form, so each can be judged
 * as itself: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96, RFC 6145),
 * IPv4-compatible (::/96, deprecated but still routed by some stacks), NAT64 (64:ff9b::/96 and the
 * local-use 64:ff9b:1::/48, RFC 6052/8215, at every prefix length the RFC allows), 6to4 (2002::/16) and
 * both ends of Teredo (2001::/32). The URL parser always writes these in hex, never dotted.
 */
export function embeddedIPv4(address: ipaddr.IPv6): { form: string; v4: ipaddr.IPv4 }[] {
  const g = address.parts;
  const at = (i: number): number => g[i] ?? 0;
  const range: string = address.range();
  if (range === "ipv4Mapped") return [{ form: "IPv4-mapped", v4: address.toIPv4Address() }];
  if (range === "rfc6145") return [{ form: "IPv4-translated", v4: v4From(at(6), at(7)) }];
  if (g.slice(0, 6).every((x) => x === 0) && range !== "unspecified" && range !== "loopback") return [{ form: "IPv4-compatible", v4: v4From(at(6), at(7)) }];
  if (range === "6to4") return [{ form: "6to4", v4: v4From(at(1), at(2)) }];
  if (range === "teredo") return [
    { form: "Teredo server", v4: v4From(at(2), at(3)) },
    { form: "Teredo client", v4: v4From(at(6) ^ 0xffff, at(7) ^ 0xffff) },
  ];
  if (range === "rfc6052") {
    // RFC 6052 §2.2: the IPv4 bits sit after the prefix, skipping bits 64-71 ("u").
    const bytes = address.toByteArray();
    const pick = (idx: number[]): ipaddr.IPv4 => new ipaddr.IPv4(idx.map((i) => bytes[i] ?? 0));
    const byPrefix: [number, number[]][] = [
      [96, [12, 13, 14, 15]],
      [64, [9, 10, 11, 12]],
      [56, [7, 9, 10, 11]],
      [48, [6, 7, 9, 10]],
      [40, [5, 6, 7, 9]],
      [32, [4, 5, 6, 7]],
    ];
    const wellKnown = at(2) === 0 && at(3) === 0 && at(4) === 0 && at(5) === 0;
    if (wellKnown) return [{ form: "NAT64 /96", v4: pick(byPrefix[0]?.[1] ?? []) }];
    // The local-use 64:ff9b:1::/48 may use any prefix length from 48 to 96: every reading is judged,
    // except the all-zero ones that are only the padding of another reading.
    return byPrefix
      .slice(0, 4)
      .reverse()
      .map(([len, idx]) => ({ form: `NAT64 /${len}`, v4: pick(idx) }))
      .filter(({ v4 }) => v4.toString() !== "0.0.0.0");
  }
  return [];
}

function blockedV4(ip: ipaddr.IPv4): string | undefined {
  const text = ip.toString();
  if (text === "169.254.169.254") return "the cloud metadata address (169.254.169.254)";
  if (text === "100.100.100.200") return "the Alibaba Cloud metadata address (100.100.100.200)";
  const range: string = ip.range();
  switch (range) {
    case "linkLocal":
      return "a link-local address (169.254.0.0/16)";
    case "unspecified":
      return "the unspecified address (0.0.0.0/8)";
    case "multicast":
    case "broadcast":
      return "a multicast or reserved address (224.0.0.0/3)";
  }
  return (ip.octets[0] ?? 0) >= 224 ? "a multicast or reserved address (224.0.0.0/3)" : undefined;
}

function blockedV6(ip: ipaddr.IPv6): string | undefined {
  // Typed without "deprecatedSiteLocal", which the library does return.
  const range: string = ip.range();
  switch (range) {
    case "unspecified":
      return "the unspecified address (::)";
    case "linkLocal":
      return "a link-local address (fe80::/10)";
    case "deprecatedSiteLocal":
      return "a site-local address (fec0::/10, treated like link-local)";
    case "multicast":
      return "a multicast address";
  }
  if (ip.toNormalizedString() === "fd00:ec2:0:0:0:0:0:254") return "the AWS metadata address (fd00:ec2::254)";
  for (const { form, v4 } of embeddedIPv4(ip)) {
    const why = blockedV4(v4);
    if (why) return `${why}, embedded in ${ip.toString()} (${form})`;
  }
  return undefined;
}

/**
 * Why an address must not be reached from the bridge, or undefined when it may. Refused: link-local
 * (169.254.0.0/16, fe80::/10, which hold the cloud metadata services) and site-local (fec0::/10,
 * deprecated, treated alike), the metadata addresses of AWS (169.254.169.254, fd00:ec2::254) and
 * Alibaba (100.100.100.200), unspecified (0.0.0.0/8, ::), broadcast, multicast and 240.0.0.0/4, and any
 * IPv6 form whose embedded IPv4 address is one of those ({@link embeddedIPv4}). Loopback and private
 * ranges stay reachable: local servers are the point. The ranges come from `ipaddr.js`.
 */
export function blockedAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return `not a valid IPv${family} address`;
  }
  return ip.kind() === "ipv4" ? blockedV4(ip as ipaddr.IPv4) : blockedV6(ip as ipaddr.IPv6);
}

/** A lookup in the shape of `dns.promises.lookup(host, { all: true })`, injectable for tests. */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type TargetCheck =
  | { ok: true; url: URL; addresses: { address: string; family: number }[] }
  | { ok: false; status: 400 | 403; reason: string };

/**
 * Decides whether the bridge may forward to `target`: http(s) only, no credentials in the URL
 * (400), and no name or resolved address that {@link blockedAddress} refuses (403). The addresses
 * returned are the ones to connect to, so a name cannot resolve differently between check and use.
 */
export async function checkTarget(target: string | undefined, lookup: LookupAll): Promise<TargetCheck> {
  if (target === undefined || target === "") return { ok: false, status: 400, reason: "no target URL" };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, status: 400, reason: `not a URL: ${target}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, status: 400, reason: `only http and https targets, not ${url.protocol}` };
  if (url.username !== "" || url.password !== "") return { ok: false, status: 400, reason: "credentials in the URL are not forwarded: send an Authorization header" };
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const name = host.toLowerCase().replace(/\.$/, "");
  if (METADATA_NAMES.has(name)) return { ok: false, status: 403, reason: `${name} is a cloud metadata service` };
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch (error) {
      return { ok: false, status: 400, reason: `cannot resolve ${host}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  if (addresses.length === 0) return { ok: false, status: 400, reason: `${host} resolves to no address` };
  for (const { address } of addresses) {
    const why = blockedAddress(address);
    if (why) return { ok: false, status: 403, reason: `${host} is ${address === host ? "" : `${address}, `}${why}` };
  }
  return { ok: true, url, addresses };
}
