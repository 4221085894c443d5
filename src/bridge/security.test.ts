import { describe, expect, it } from "vitest";
import { blockedAddress, checkTarget, hostAllowed, isLoopbackHost, newToken, originAllowed, ownHosts, tokenMatches, type LookupAll } from "./security";

describe("tokenMatches", () => {
  const token = "s3cret-token-0123456789";
  it.each([
    [`Bearer ${token}`, true],
    [`bearer ${token}`, true],
    [`Bearer  ${token} `, true],
    [undefined, false],
    ["", false],
    ["Bearer", false],
    [`Basic ${token}`, false],
    [`Bearer ${token}x`, false],
    [`Bearer ${token.slice(0, -1)}`, false],
    [token, false],
  ])("%j → %s", (header, ok) => {
    expect(tokenMatches(header, token)).toBe(ok);
  });

  it("makes a fresh 256-bit token each time", () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });
});

describe("bind and Host checks", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.10", false],
    ["example.com", false],
  ])("isLoopbackHost(%s) = %s", (host, ok) => {
    expect(isLoopbackHost(host)).toBe(ok);
  });

  const own = ownHosts("127.0.0.1", 4000);
  it.each([
    ["127.0.0.1:4000", true],
    ["localhost:4000", true],
    ["LOCALHOST:4000", true],
    ["127.0.0.1:4001", false],
    ["127.0.0.1", false],
    ["evil.example:4000", false],
    ["evil.example", false],
    [undefined, false],
  ])("Host %s allowed: %s", (host, ok) => {
    expect(hostAllowed(host, own)).toBe(ok);
  });
});

describe("originAllowed", () => {
  const loopback = { loopback: true, origins: [] };
  const pinned = { loopback: false, origins: ["http://127.0.0.1:5173"] };
  it.each([
    [undefined, loopback, true],
    ["http://127.0.0.1:5173", loopback, true],
    ["http://localhost:4873", loopback, true],
    ["http://[::1]:3000", loopback, true],
    ["https://127.0.0.1", loopback, true],
    ["http://evil.example", loopback, false],
    ["http://127.0.0.1.evil.example", loopback, false],
    ["null", loopback, false],
    ["file://", loopback, false],
    ["http://127.0.0.1:5173", pinned, true],
    ["http://localhost:5173", pinned, false],
    ["http://127.0.0.1:4873", pinned, false],
  ])("%s with %j → %s", (origin, policy, ok) => {
    expect(originAllowed(origin, policy)).toBe(ok);
  });
});

describe("blockedAddress", () => {
  it.each([
    ["169.254.169.254", "metadata"],
    ["169.254.1.1", "link-local"],
    ["100.100.100.200", "metadata"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "multicast or reserved"],
    ["::", "unspecified"],
    ["0:0:0:0:0:0:0:0", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["fd00:ec2::254", "AWS metadata"],
    ["fd00:ec2:0:0:0:0:0:254", "AWS metadata"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["ff02::1", "multicast"],
    ["fec0::1", "site-local"],
    ["::169.254.169.254", "metadata"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["2002:a9fe:a9fe::", "metadata"],
  ])("%s is refused (%s)", (address, why) => {
    expect(blockedAddress(address)).toContain(why);
  });

  it.each(["127.0.0.1", "10.0.0.5", "192.168.1.10", "8.8.8.8", "::1", "fd00::1", "2001:db8::1", "::ffff:127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::808:808", "2002:c0a8:10a::1", "::ffff:0:a00:5", "fdff::1"])("%s is allowed", (address) => {
    expect(blockedAddress(address)).toBeUndefined();
  });
});

// Every IPv6 spelling that carries an IPv4 address is judged as that address (else an IPv4
// address refused by name gets through spelt as IPv6), in the form
// the URL parser produces (hex groups, never dotted), and site-local is treated like link-local.
describe("IPv6 forms that embed IPv4, through the URL parser", () => {
  const noLookup: LookupAll = () => Promise.reject(new Error("no lookup for literals"));
  it.each([
    ["http://[::169.254.169.254]/", "::a9fe:a9fe", "metadata", "IPv4-compatible"],
    ["http://[::a9fe:a9fe]/", "::a9fe:a9fe", "metadata", "IPv4-compatible"],
    ["http://[::ffff:169.254.169.254]/", "::ffff:a9fe:a9fe", "metadata", "IPv4-mapped"],
    ["http://[::ffff:0:a9fe:a9fe]/", "::ffff:0:a9fe:a9fe", "metadata", "IPv4-translated"],
    ["http://[::ffff:0:169.254.169.254]/", "::ffff:0:a9fe:a9fe", "metadata", "IPv4-translated"],
    ["http://[64:ff9b::169.254.169.254]/", "64:ff9b::a9fe:a9fe", "metadata", "NAT64 /96"],
    ["http://[64:ff9b::a9fe:101]/", "64:ff9b::a9fe:101", "link-local", "NAT64 /96"],
    ["http://[64:ff9b:1:a9fe:a9:fe00::]/", "64:ff9b:1:a9fe:a9:fe00::", "metadata", "NAT64 /48"],
    ["http://[2002:a9fe:a9fe::1]/", "2002:a9fe:a9fe::1", "metadata", "6to4"],
    ["http://[2002:6464:64c8::]/", "2002:6464:64c8::", "Alibaba", "6to4"],
    ["http://[2002:0:0::]/", "2002::", "unspecified", "6to4"],
    ["http://[2001:0:a9fe:a9fe::1]/", "2001:0:a9fe:a9fe::1", "metadata", "Teredo server"],
    ["http://[2001:0:4136:e378:8000:63bf:5601:5601]/", "2001:0:4136:e378:8000:63bf:5601:5601", "metadata", "Teredo client"],
    ["http://[::ffff:e000:1]/", "::ffff:e000:1", "multicast", "IPv4-mapped"],
    ["http://[fec0::1]/", "fec0::1", "site-local", ""],
    ["http://[feff::abcd]/", "feff::abcd", "site-local", ""],
    ["http://[fe80::a9fe:a9fe]/", "fe80::a9fe:a9fe", "link-local", ""],
  ])("%s (the URL parser writes %s) is refused: %s %s", async (target, parsed, why, form) => {
    expect(new URL(target).hostname).toBe(`[${parsed}]`);
    const checked = await checkTarget(target, noLookup);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.status).toBe(403);
      expect(checked.reason).toContain(why);
      expect(checked.reason).toContain(form);
    }
  });

  it.each([
    ["http://[::ffff:127.0.0.1]:3939/mcp"],
    ["http://[64:ff9b::10.0.0.5]/mcp"],
    ["http://[2002:c0a8:101::1]/mcp"],
    ["http://[::1]:3939/mcp"],
    ["http://[fd12:3456::1]/mcp"],
  ])("%s is allowed (embedded loopback or private stays reachable)", async (target) => {
    expect((await checkTarget(target, noLookup)).ok).toBe(true);
  });
});

describe("checkTarget", () => {
  const table: Record<string, string[]> = {
    "evil.test": ["169.254.169.254"],
    "mixed.test": ["127.0.0.1", "fe80::2"],
    "local.test": ["127.0.0.1"],
  };
  const lookup: LookupAll = async (host) => {
    const found = table[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

  it.each([
    [undefined, 400, "no target"],
    ["not a url", 400, "not a URL"],
    ["file:///etc/passwd", 400, "only http and https"],
    ["ftp://example.com/", 400, "only http and https"],
    ["http://user:pw@127.0.0.1/", 400, "credentials"],
    ["http://nowhere.test/", 400, "cannot resolve"],
    ["http://169.254.169.254/latest/meta-data/", 403, "metadata"],
    ["http://2852039166/", 403, "metadata"],
    ["http://0xa9fea9fe/", 403, "metadata"],
    ["http://[fd00:ec2::254]/", 403, "AWS metadata"],
    ["http://[::ffff:169.254.169.254]/", 403, "metadata"],
    ["http://metadata.google.internal/computeMetadata/v1/", 403, "metadata service"],
    ["http://METADATA.google.internal./", 403, "metadata service"],
    ["http://0.0.0.0:3000/mcp", 403, "unspecified"],
    ["http://[::]:3000/mcp", 403, "unspecified"],
    ["http://[fe80::1]/", 403, "link-local"],
    ["http://evil.test/mcp", 403, "169.254.169.254"],
    ["http://mixed.test/mcp", 403, "fe80::2"],
  ])("%s → %i (%s)", async (target, status, reason) => {
    const checked = await checkTarget(target, lookup);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.status).toBe(status);
      expect(checked.reason).toContain(reason);
    }
  });

  it.each([
    ["http://127.0.0.1:3939/mcp", "127.0.0.1"],
    ["http://[::1]:3939/mcp", "::1"],
    ["http://local.test:3939/mcp", "127.0.0.1"],
    ["https://10.1.2.3/mcp", "10.1.2.3"],
  ])("%s is allowed, pinned to %s", async (target, address) => {
    const checked = await checkTarget(target, lookup);
    expect(checked.ok && checked.addresses.map((a) => a.address)).toEqual([address]);
  });
});
