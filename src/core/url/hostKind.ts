import ipaddr from "ipaddr.js";

/**
 * Where a URL's host points, in words: the same families the bridge refuses or singles out
 * (src/bridge/security.ts: link-local, cloud metadata, unspecified, multicast; loopback and private
 * stay reachable there because local servers are its point). Pure and browser-safe, so the app's
 * URL card and the CLI share it and neither imports the bridge; addresses are parsed by ipaddr.js. The host is the URL parser's
 * `hostname`, so shorthand forms (http://2852039166/, http://0xA9.254.169.254/) already arrive as
 * dotted quads.
 */
export type HostKind = "metadata" | "link-local" | "loopback" | "private" | "unspecified" | "multicast" | "reserved" | "shared" | "public-ip" | "name";

export interface HostClass {
  kind: HostKind;
  /** The host as an address, when it is one (brackets removed). */
  address: string | undefined;
  /** A sentence naming what the host is, or undefined for a public address or an ordinary name. */
  words: string | undefined;
}

/** Names of cloud metadata services (as the bridge lists them). */
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal"]);
/** Metadata addresses: AWS/GCP/Azure/OpenStack, Alibaba Cloud, AWS IPv6. */
const METADATA_ADDRESSES: Record<string, string> = {
  "169.254.169.254": "the cloud metadata service (169.254.169.254: AWS, Google Cloud, Azure, OpenStack), which hands out the machine's credentials",
  "169.254.170.2": "the AWS container credentials service (169.254.170.2)",
  "100.100.100.200": "the Alibaba Cloud metadata service (100.100.100.200)",
  "fd00:ec2::254": "the AWS metadata service over IPv6 (fd00:ec2::254)",
};

function classifyAddress(addr: ipaddr.IPv4 | ipaddr.IPv6): { kind: HostKind; words: string | undefined; address: string } {
  // An IPv4-mapped IPv6 address (::ffff:169.254.169.254) is the IPv4 address it carries.
  const a = addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
  const text = a.toString();
  const metadata = METADATA_ADDRESSES[text];
  if (metadata) return { kind: "metadata", address: text, words: `This address is ${metadata}.` };
  const range = a.range();
  switch (range) {
    case "loopback":
      return { kind: "loopback", address: text, words: `This address (${text}) is loopback: this very computer.` };
    case "linkLocal":
      return { kind: "link-local", address: text, words: `This address (${text}) is link-local (${a.kind() === "ipv4" ? "169.254.0.0/16" : "fe80::/10"}): the local network segment, where cloud metadata services live.` };
    case "private":
      return { kind: "private", address: text, words: `This address (${text}) is private (RFC 1918): a machine on a local network, not the internet.` };
    case "uniqueLocal":
      return { kind: "private", address: text, words: `This address (${text}) is a unique local IPv6 address (fc00::/7): a machine on a private network, not the internet.` };
    case "carrierGradeNat":
      return { kind: "shared", address: text, words: `This address (${text}) is in the shared carrier-grade NAT range (100.64.0.0/10), not a public internet address.` };
    case "unspecified":
      return { kind: "unspecified", address: text, words: `This address (${text}) is unspecified (${a.kind() === "ipv4" ? "0.0.0.0/8" : "::"}); browsers may treat it as this computer.` };
    case "multicast":
    case "broadcast":
      return { kind: "multicast", address: text, words: `This address (${text}) is a ${range} address, not a single web server.` };
    case "unicast":
      return { kind: "public-ip", address: text, words: undefined };
    default:
      return { kind: "reserved", address: text, words: `This address (${text}) is in a reserved or special-purpose range (${range}).` };
  }
}

/** Never throws. `hostname` as URL gives it: lower case, IPv6 in brackets, IPv4 normalised. */
export function classifyHost(hostname: string): HostClass {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const name = bare.toLowerCase().replace(/\.$/, "");
  if (METADATA_NAMES.has(name)) return { kind: "metadata", address: undefined, words: `${name} is the name of a cloud metadata service, which hands out the machine's credentials.` };
  if (name === "localhost" || name.endsWith(".localhost")) return { kind: "loopback", address: undefined, words: `${name} is loopback: this very computer.` };
  try {
    if (ipaddr.isValid(bare)) return classifyAddress(ipaddr.parse(bare));
  } catch {
    // not an address: an ordinary name
  }
  return { kind: "name", address: undefined, words: undefined };
}
