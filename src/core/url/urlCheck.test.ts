import { describe, expect, it } from "vitest";
import { checkUrl, LONG_URL, type UrlWarning } from "./urlCheck";

describe("checkUrl", () => {
  const rows: [string, unknown, { openable: boolean; warnings: UrlWarning[]; domain?: string; sub?: string }][] = [
    ["plain https", "https://auth.example.com/authorize?x=1", { openable: true, warnings: [], domain: "example.com", sub: "auth." }],
    ["two-label public suffix", "https://login.bank.co.uk/", { openable: true, warnings: [], domain: "bank.co.uk", sub: "login." }],
    ["http", "http://example.com/", { openable: true, warnings: ["http"], domain: "example.com" }],
    ["punycode host", "https://xn--pple-43d.com/", { openable: true, warnings: ["punycode"], domain: "xn--pple-43d.com" }],
    ["unicode host becomes punycode", "https://аpple.com/", { openable: true, warnings: ["punycode"] }],
    ["IPv4", "https://192.168.0.1:8443/x", { openable: true, warnings: ["special-host", "ip-address"], domain: "192.168.0.1" }],
    ["public IPv4", "https://93.184.216.34/x", { openable: true, warnings: ["ip-address"], domain: "93.184.216.34" }],
    ["IPv4 in disguise", "http://2130706433/", { openable: true, warnings: ["special-host", "http", "ip-address"], domain: "127.0.0.1" }],
    ["IPv6", "https://[::1]/", { openable: true, warnings: ["special-host", "ip-address"], domain: "[::1]" }],
    ["credentials", "https://user:pass@evil.example/", { openable: true, warnings: ["credentials"], domain: "evil.example" }],
    ["host-looking credentials", "https://trusted.com@evil.example/", { openable: true, warnings: ["credentials"], domain: "evil.example" }],
    ["javascript:", "javascript:alert(document.cookie)", { openable: false, warnings: ["not-http"] }],
    ["javascript: with a tab in it", "java\tscript:alert(1)", { openable: false, warnings: ["not-http"] }],
    ["data:", "data:text/html,<script>alert(1)</script>", { openable: false, warnings: ["not-http"] }],
    ["file:", "file:///etc/passwd", { openable: false, warnings: ["not-http"] }],
    ["garbage", "not a url at all", { openable: false, warnings: ["unparseable"] }],
    ["empty", "", { openable: false, warnings: ["unparseable"] }],
    ["not a string", { href: "https://x.com" }, { openable: false, warnings: ["unparseable"] }],
    ["very long", `https://example.com/${"a".repeat(LONG_URL)}`, { openable: true, warnings: ["long"] }],
  ];
  it.each(rows)("%s", (_n, input, want) => {
    const c = checkUrl(input);
    expect(c.openable).toBe(want.openable);
    expect(c.warnings).toEqual(want.warnings);
    if (want.domain !== undefined) expect(c.hostParts.domain).toBe(want.domain);
    if (want.sub !== undefined) expect(c.hostParts.sub).toBe(want.sub);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "metadata", /cloud metadata service \(169\.254\.169\.254/],
    ["http://0xA9.254.169.254/", "metadata", /cloud metadata/],
    ["http://2852039166/", "metadata", /cloud metadata/],
    ["http://[::ffff:169.254.169.254]/", "metadata", /cloud metadata/],
    ["http://metadata.google.internal/computeMetadata/v1/", "metadata", /name of a cloud metadata service/],
    ["http://[fd00:ec2::254]/", "metadata", /AWS metadata service over IPv6/],
    ["http://169.254.10.1/", "link-local", /link-local \(169\.254\.0\.0\/16\)/],
    ["http://[fe80::1]/", "link-local", /link-local \(fe80::\/10\)/],
    ["http://127.0.0.1:8080/", "loopback", /loopback: this very computer/],
    ["http://localhost:3000/", "loopback", /localhost is loopback/],
    ["http://10.1.2.3/", "private", /private \(RFC 1918\)/],
    ["http://172.20.0.1/", "private", /private/],
    ["http://[fd12::1]/", "private", /unique local/],
    ["http://0.0.0.0/", "unspecified", /unspecified/],
    ["http://100.100.100.200/", "metadata", /Alibaba/],
  ])("names %s in words", (url, kind, words) => {
    const c = checkUrl(url);
    expect(c.hostKind).toBe(kind);
    expect(c.hostWords).toMatch(words);
    expect(c.warnings[0]).toBe("special-host");
  });

  it("says nothing extra for an ordinary name", () => {
    expect(checkUrl("https://example.com/").hostWords).toBeUndefined();
    expect(checkUrl("https://example.com/").hostKind).toBe("name");
  });

  it("rebuilds the href from its parts for the display", () => {
    for (const u of ["https://user:pw@a.b.example.com:8443/p?q=1#h", "http://example.com/", "https://[::1]/x"]) {
      const c = checkUrl(u);
      expect(`${c.protocol}//${c.userinfo}${c.hostParts.sub}${c.hostParts.domain}${c.hostParts.port}${c.rest}`).toBe(c.href);
    }
  });

  it("only ever returns the normalised href for opening", () => {
    expect(checkUrl(" https://EXAMPLE.com/a b ").href).toBe("https://example.com/a%20b");
  });
});
