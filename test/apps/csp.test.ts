import { describe, expect, it } from "vitest";
import { appDocument, buildAllowAttribute, buildAppCsp, readAppPolicy, readAppResource, toolUi, toolVisibility } from "../../src/core/apps";

describe("the app's policy from its declarations", () => {
  it("is the specification's restrictive default when nothing is declared", () => {
    const { csp, permissions, refused } = readAppPolicy(undefined);
    expect(buildAppCsp(csp)).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'none'; worker-src 'none'",
    );
    expect(permissions).toEqual([]);
    expect(refused).toEqual([]);
  });

  it("opens each directive to the declared origins only", () => {
    const { csp } = readAppPolicy({ csp: { connectDomains: ["https://api.example.com", "wss://rt.example.com"], resourceDomains: ["https://*.cdn.example"], frameDomains: ["https://www.youtube.com"], baseUriDomains: ["https://base.example"] } });
    const policy = buildAppCsp(csp);
    expect(policy).toContain("connect-src https://api.example.com wss://rt.example.com;");
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example;");
    expect(policy).toContain("img-src 'self' data: https://*.cdn.example;");
    expect(policy).toContain("frame-src https://www.youtube.com;");
    expect(policy).toContain("base-uri https://base.example;");
  });

  it.each([
    ["a keyword", "'unsafe-eval'"],
    ["a directive smuggled after a semicolon", "https://a.example; script-src *"],
    ["a bare wildcard", "*"],
    ["a scheme source", "data:"],
    ["a path", "https://a.example/path"],
    ["javascript", "javascript://a.example"],
    ["not a string", 42],
  ])("refuses %s and allows nothing for it", (_what, value) => {
    const { csp, refused } = readAppPolicy({ csp: { connectDomains: [value] } });
    expect(csp.connectDomains).toEqual([]);
    expect(refused).toEqual([expect.objectContaining({ field: "csp.connectDomains", value })]);
    expect(buildAppCsp(csp)).toContain("connect-src 'none'");
  });

  it("grants only the four permissions MCP Apps defines, as an allow attribute", () => {
    const { permissions, refused } = readAppPolicy({ permissions: { camera: {}, clipboardWrite: {}, usb: {}, microphone: true } });
    expect(permissions).toEqual(["camera", "clipboardWrite"]);
    expect(buildAllowAttribute(permissions)).toBe("camera; clipboard-write");
    expect(refused.map((r) => r.field)).toEqual(["permissions.usb", "permissions.microphone"]);
  });
});

describe("the app document", () => {
  it("puts the policy before anything the app wrote, after its doctype", () => {
    const doc = appDocument("<!DOCTYPE html><html><head><script>evil()</script></head></html>", readAppPolicy(undefined).csp);
    expect(doc.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src \'none\';')).toBe(true);
    expect(doc.indexOf("Content-Security-Policy")).toBeLessThan(doc.indexOf("evil()"));
  });

  it("escapes the policy into its attribute", () => {
    const doc = appDocument("<p>x</p>", readAppPolicy(undefined).csp);
    expect(doc).toMatch(/^<meta http-equiv="Content-Security-Policy" content="[^"<]*"><script>/);
  });
});

describe("a tool's app and its resource", () => {
  it("reads _meta.ui.resourceUri (and the deprecated flat key) and the visibility", () => {
    expect(toolUi({ _meta: { ui: { resourceUri: "ui://a/b", visibility: ["app"] } } })).toEqual({ resourceUri: "ui://a/b", visibility: ["app"] });
    expect(toolUi({ _meta: { "ui/resourceUri": "ui://old" } })).toEqual({ resourceUri: "ui://old", visibility: ["model", "app"] });
    expect(toolUi({ _meta: { ui: { resourceUri: "https://evil.example" } } })).toBeUndefined();
    expect(toolVisibility({})).toEqual(["model", "app"]);
  });

  it("takes only text/html;profile=mcp-app, as text or base64 UTF-8", () => {
    const ok = readAppResource({ contents: [{ uri: "ui://a", mimeType: "text/html;profile=mcp-app", text: "<p>hi</p>", _meta: { ui: { prefersBorder: true } } }] }, "ui://a");
    expect(ok).toMatchObject({ ok: true, resource: { html: "<p>hi</p>", prefersBorder: true } });
    const blob = readAppResource({ contents: [{ uri: "ui://a", mimeType: "text/html;profile=mcp-app", blob: btoa("<p>é</p>".replace(/é/, "\u00c3\u00a9")) }] }, "ui://a");
    expect(blob).toMatchObject({ ok: true, resource: { html: "<p>é</p>" } });
    expect(readAppResource({ contents: [{ uri: "ui://a", mimeType: "text/html", text: "x" }] }, "ui://a")).toEqual({ ok: false, reason: 'its type is "text/html", not text/html;profile=mcp-app' });
    expect(readAppResource({}, "ui://a")).toMatchObject({ ok: false });
  });
});
