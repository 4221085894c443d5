import { describe, expect, it } from "vitest";
import { checkExchanges, decodeHeaderValue } from "./headerChecks";
import type { HttpExchange } from "./httpExchanges";
import { rpcOf } from "./recordExchanges";

const META_V = "io.modelcontextprotocol/protocolVersion";

function post(body: Record<string, unknown>, requestHeaders: Record<string, string>, responseHeaders: Record<string, string> = {}, extra: Partial<HttpExchange> = {}): HttpExchange {
  const rpc = rpcOf(JSON.stringify(body));
  return { seq: 1, kind: "mcp", connectionId: 1, method: "POST", url: "http://127.0.0.1/mcp", requestHeaders, ...(rpc ? { rpc } : {}), startedAt: 0, status: 200, responseHeaders, ...extra };
}

const call = (name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args, _meta: { [META_V]: "2026-07-28" } } });
const good = (name: string) => ({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": name });
const one = (e: HttpExchange, context = {}) => checkExchanges([e], context)[0]!;
const failures = (e: HttpExchange, context = {}) => one(e, context).checks.filter((c) => c.verdict === "fail").map((c) => `${c.side} ${c.header}: ${c.reason}`);

describe("2026-07-28 request mirrors", () => {
  it.each([
    ["all three as the body says", good("greet"), []],
    ["a missing version header", { "mcp-method": "tools/call", "mcp-name": "greet" }, ["request MCP-Protocol-Version: missing"]],
    ["a version other than _meta", { ...good("greet"), "mcp-protocol-version": "2025-11-25" }, ["request MCP-Protocol-Version: \"2025-11-25\" differs"]],
    ["a missing Mcp-Method", { "mcp-protocol-version": "2026-07-28", "mcp-name": "greet" }, ["request Mcp-Method: missing"]],
    ["another method", { ...good("greet"), "mcp-method": "tools/list" }, ["request Mcp-Method: \"tools/list\" differs"]],
    ["a missing Mcp-Name", { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call" }, ["request Mcp-Name: missing"]],
    ["another name", good("echo"), ["request Mcp-Name: \"echo\" differs from the body's params.name \"greet\""]],
  ])("%s", (_, headers, expected) => {
    const got = failures(post(call("greet"), headers));
    expect(got).toHaveLength(expected.length);
    expected.forEach((prefix, i) => expect(got[i]).toContain(prefix));
  });

  it("compares a base64-encoded Mcp-Name decoded", () => {
    expect(decodeHeaderValue("=?base64?w6lsw6h2ZQ==?=")).toBe("élève");
    expect(one(post(call("élève"), good("=?base64?w6lsw6h2ZQ==?="))).verdict).toBe("pass");
  });

  it("resources/read mirrors the uri; list methods need no Mcp-Name, and one sent there fails", () => {
    const read = { jsonrpc: "2.0", id: 2, method: "resources/read", params: { uri: "file:///a", _meta: { [META_V]: "2026-07-28" } } };
    expect(one(post(read, { "mcp-protocol-version": "2026-07-28", "mcp-method": "resources/read", "mcp-name": "file:///a" })).verdict).toBe("pass");
    const list = { jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: { [META_V]: "2026-07-28" } } };
    expect(one(post(list, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" })).checks.map((c) => c.header)).toEqual(["MCP-Protocol-Version", "Mcp-Method"]);
    expect(failures(post(list, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list", "mcp-name": "x" }))[0]).toContain("names nothing");
  });

  it("Mcp-Param-*: exactly the annotated arguments with values, or skipped without the schema", () => {
    const schema = { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, n: { type: "integer", "x-mcp-header": "N" } } };
    const body = call("route", { region: "eu", n: null });
    const context = { toolSchema: () => schema };
    expect(one(post(body, { ...good("route"), "mcp-param-region": "eu" }), context).verdict).toBe("pass");
    expect(failures(post(body, good("route")), context)[0]).toContain("Mcp-Param-Region: missing");
    expect(failures(post(body, { ...good("route"), "mcp-param-region": "us" }), context)[0]).toContain("differs");
    expect(failures(post(body, { ...good("route"), "mcp-param-region": "eu", "mcp-param-n": "1" }), context)[0]).toContain("mcp-param-n: sent, but no argument");
    expect(one(post(body, { ...good("route"), "mcp-param-region": "eu" })).checks.at(-1)).toMatchObject({ header: "Mcp-Param-*", verdict: "skip" });
  });

  it("a notification is not checked: the spec gives notification POSTs no header rules", () => {
    const note = { jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: { [META_V]: "2026-07-28" } } };
    expect(one(post(note, {})).checks).toEqual([expect.objectContaining({ verdict: "skip" })]);
  });
});

describe("2026-07-28 answers", () => {
  it("a session id on the answer fails: no sessions on 2026-07-28", () => {
    expect(failures(post(call("greet"), good("greet"), { "mcp-session-id": "abc" }))[0]).toContain("response Mcp-Session-Id");
  });

  it("an echoed mirror passes when it names what was asked and fails otherwise", () => {
    expect(one(post(call("greet"), good("greet"), { "mcp-name": "greet" })).verdict).toBe("pass");
    expect(failures(post(call("greet"), good("greet"), { "mcp-name": "echo" }))).toEqual([
      'response Mcp-Name: the answer says "echo" but the request said "greet": a mirror header must name what the request named',
    ]);
  });
});

describe("initialize era", () => {
  const init = post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25" } }, {}, { "mcp-session-id": "s-1" });
  const list = (headers: Record<string, string>, answer: Record<string, string> = {}) => post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, headers, answer, { seq: 2 });
  const context = { revisionOf: () => "2025-11-25" };

  it("the negotiated version and the assigned session on every later request", () => {
    const checked = checkExchanges([init, list({ "mcp-protocol-version": "2025-11-25", "mcp-session-id": "s-1" })], context);
    expect(checked.map((c) => c.verdict)).toEqual(["pass", "pass"]);
  });

  it("a missing version, another session id, and a session id changed by the server each fail", () => {
    const [, bad] = checkExchanges([init, list({ "mcp-session-id": "s-2" }, { "mcp-session-id": "s-9" })], context);
    expect(bad!.checks.filter((c) => c.verdict === "fail").map((c) => `${c.side} ${c.header}`)).toEqual(["request MCP-Protocol-Version", "request Mcp-Session-Id", "response Mcp-Session-Id"]);
  });

  it("2025-03-26 asks no version header; sign-in steps follow no MCP header rules", () => {
    expect(checkExchanges([list({})], { revisionOf: () => "2025-03-26" })[0]!.verdict).toBe("none");
    expect(checkExchanges([{ ...list({}), kind: "sign-in" }], context)[0]).toMatchObject({ era: undefined, verdict: "none" });
  });

  it("a GET on 2026-07-28 fails: the transport is POST only", () => {
    const get: HttpExchange = { seq: 1, kind: "mcp", connectionId: 1, method: "GET", url: "u", requestHeaders: { "mcp-protocol-version": "2026-07-28" }, startedAt: 0 };
    expect(failures(get)[0]).toContain("POST only");
  });
});
