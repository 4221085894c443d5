import { describe, expect, it } from "vitest";
import { buildDeepLink, parseDeepLink, type DeepLink } from "./deepLink";

const none: DeepLink = { target: undefined, revision: undefined, selection: undefined, present: false, problems: [] };

describe("parseDeepLink", () => {
  it.each<[string, string, Partial<DeepLink>]>([
    ["nothing", "", {}],
    ["the embedded server, a revision and a tool", "?target=embedded&revision=2025-11-25&tool=greet", { target: { kind: "embedded" }, revision: "2025-11-25", selection: { kind: "tool", name: "greet" } }],
    ["an http URL", "?target=http%3A%2F%2F127.0.0.1%3A3939%2Fmcp", { target: { kind: "url", url: "http://127.0.0.1:3939/mcp" } }],
    ["a prompt", "?prompt=tone", { selection: { kind: "prompt", name: "tone" } }],
    ["a resource", "?resource=demo%3A%2F%2Fweather", { selection: { kind: "resource", uri: "demo://weather" } }],
    ["tool wins over prompt", "?prompt=tone&tool=echo", { selection: { kind: "tool", name: "echo" } }],
    ["revision auto", "?revision=auto", { revision: "auto" }],
    ["present with no value", "?present", { present: true }],
    ["present=1", "?present=1", { present: true }],
    ["present=false", "?present=false", { present: false }],
    ["a javascript: target", "?target=javascript%3Aalert(1)", { problems: ["target ignored: “javascript:alert(1)” is neither “embedded” nor an http(s) URL"] }],
    ["a file: target", "?target=file%3A%2F%2F%2Fetc%2Fpasswd", { problems: ["target ignored: “file:///etc/passwd” is neither “embedded” nor an http(s) URL"] }],
    ["an unknown revision", "?revision=2099-01-01", { problems: ["revision ignored: “2099-01-01” is not a known revision"] }],
    ["an empty tool", "?tool=", { problems: ["tool ignored: empty or too long"] }],
  ])("%s", (_n, search, expected) => {
    expect(parseDeepLink(search)).toEqual({ ...none, ...expected });
  });
});

describe("buildDeepLink", () => {
  const base = "http://127.0.0.1:4873/";
  it.each<[string, Parameters<typeof buildDeepLink>[0], string, string]>([
    ["embedded, auto, nothing selected", { target: { kind: "embedded" }, revision: "auto", selection: undefined, present: false }, "", `${base}?target=embedded`],
    ["a URL, a revision, a tool, presenting", { target: { kind: "url", url: "http://h:1/mcp" }, revision: "2026-07-28", selection: { kind: "tool", name: "two-steps" }, present: true }, "", `${base}?target=http%3A%2F%2Fh%3A1%2Fmcp&revision=2026-07-28&tool=two-steps&present`],
    ["a resource", { target: { kind: "embedded" }, revision: "auto", selection: { kind: "resource", uri: "demo://weather" }, present: false }, "", `${base}?target=embedded&resource=demo%3A%2F%2Fweather`],
    ["other parameters are kept, old link ones replaced", { target: { kind: "embedded" }, revision: "auto", selection: undefined, present: false }, "?demo-variant=changed&tool=old&present", `${base}?demo-variant=changed&target=embedded`],
    ["a target without a URL is left out", { target: { kind: "bridge" }, revision: "auto", selection: { kind: "template", uriTemplate: "x://{a}" }, present: false }, "", base],
  ])("%s", (_n, state, current, expected) => {
    expect(buildDeepLink(state, base, current)).toBe(expected);
  });

  it("round-trips through parseDeepLink", () => {
    const url = buildDeepLink({ target: { kind: "url", url: "https://example.com/mcp?a=1&b=2" }, revision: "2025-06-18", selection: { kind: "prompt", name: "tone & more" }, present: true }, "http://x/");
    expect(parseDeepLink(new URL(url).search)).toEqual({ ...none, target: { kind: "url", url: "https://example.com/mcp?a=1&b=2" }, revision: "2025-06-18", selection: { kind: "prompt", name: "tone & more" }, present: true });
  });
});
