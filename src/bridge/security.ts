// The bridge's checks, kept pure so each can be tested by table. The threats are the ones the
// official inspector's proxy met: CVE-2025-49596 (no authentication: any web page could make the
// proxy spawn a command) and CVE-2025-58444 (a crafted page reaching it through DNS rebinding).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

/** A per-launch token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
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

function v4Parts(address: string): number[] | undefined {
  if (isIP(address) !== 4) return undefined;
  return address.split(".").map(Number);
}

/** The 32-bit IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address. */
function embeddedV4(address: string): string | undefined {
  const m = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const hi = parseInt(hex[1] ?? "0", 16);
  const lo = parseInt(hex[2] ?? "0", 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Expands an IPv6 address to eight 16-bit groups (no embedded IPv4; that is handled before). */
function v6Groups(address: string): number[] | undefined {
  const bare = address.split("%")[0] ?? "";
  const halves = bare.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(0, fill)).fill("0"), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * Why an address must not be reached from the bridge, or undefined when it may. Refused: link-local
 * (169.254.0.0/16, fe80::/10, which hold the cloud metadata services), the metadata addresses of AWS
 * (169.254.169.254, fd00:ec2::254) and Alibaba (100.100.100.200), unspecified (0.0.0.0/8, ::),
 * broadcast and multicast. Loopback and private ranges stay reachable: local servers are the point.
 */
export function blockedAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4 !== undefined) return blockedAddress(v4);
    const g = v6Groups(address);
    if (!g) return "not a valid IPv6 address";
    if (g.every((x) => x === 0)) return "the unspecified address (::)";
    if (((g[0] ?? 0) & 0xffc0) === 0xfe80) return "a link-local address (fe80::/10)";
    if (((g[0] ?? 0) & 0xff00) === 0xff00) return "a multicast address";
    if (g.join(":") === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(":")) return "the AWS metadata address (fd00:ec2::254)";
    return undefined;
  }
  const p = v4Parts(address);
  if (!p) return "not an IP address";
  const [a = 0, b = 0] = p;
  if (address === "169.254.169.254") return "the cloud metadata address (169.254.169.254)";
  if (address === "100.100.100.200") return "the Alibaba Cloud metadata address (100.100.100.200)";
  if (a === 169 && b === 254) return "a link-local address (169.254.0.0/16)";
  if (a === 0) return "the unspecified address (0.0.0.0/8)";
  if (a >= 224) return "a multicast or reserved address";
  return undefined;
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
