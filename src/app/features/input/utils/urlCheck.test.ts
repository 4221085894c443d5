import { describe, expect, it } from "vitest";
import { checkUrl, LONG_URL, type UrlWarning } from "./urlCheck";

describe("checkUrl", () => {
  const rows: [string, unknown, { openable: boolean; warnings: UrlWarning[]; domain?: string; sub?: string }][] = [
    ["plain https", "https://auth.example.com/authorize?x=1", { openable: true, warnings: [], domain: "example.com", sub: "auth." }],
    ["two-label public suffix", "https://login.bank.co.uk/", { openable: true, warnings: [], domain: "bank.co.uk", sub: "login." }],
    ["http", "http://example.com/", { openable: true, warnings: ["http"], domain: "example.com" }],
    ["punycode host", "https://xn--pple-43d.com/", { openable: true, warnings: ["punycode"], domain: "xn--pple-43d.com" }],
    ["unicode host becomes punycode", "https://аpple.com/", { openable: true, warnings: ["punycode"] }],
    ["IPv4", "https://192.168.0.1:8443/x", { openable: true, warnings: ["ip-address"], domain: "192.168.0.1" }],
    ["IPv4 in disguise", "http://2130706433/", { openable: true, warnings: ["http", "ip-address"], domain: "127.0.0.1" }],
    ["IPv6", "https://[::1]/", { openable: true, warnings: ["ip-address"], domain: "[::1]" }],
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
