import { describe, expect, it } from "vitest";
import type { JsonRpcMessage } from "../../../../core";
import { curlCommand } from "./curl";
import { frameJson } from "./frameJson";

const MODERN = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };

function req(method: string, params: Record<string, unknown>, id: string | number = "c3"): { message: JsonRpcMessage; raw: string } {
  const message = { jsonrpc: "2.0", id, method, params } as JsonRpcMessage;
  return { message, raw: JSON.stringify(message) };
}

const URL = "http://127.0.0.1:3939/mcp";

describe("curlCommand", () => {
  it("a tools/call with every protocol header, in order, and the exact body", () => {
    const r = req("tools/call", { name: "echo", arguments: { message: "hi" }, _meta: MODERN });
    expect(curlCommand({ url: URL, custom: {}, ...r })).toEqual({
      ok: true,
      command: [
        `curl -X POST '${URL}'`,
        `-H 'Content-Type: application/json'`,
        `-H 'Accept: application/json, text/event-stream'`,
        `-H 'MCP-Protocol-Version: 2026-07-28'`,
        `-H 'Mcp-Method: tools/call'`,
        `-H 'Mcp-Name: echo'`,
        `--data-raw '${r.raw}'`,
      ].join(" \\\n  "),
    });
  });

  it.each<[string, ReturnType<typeof req>, Record<string, string>, unknown, string[]]>([
    ["a resources/read names the URI", req("resources/read", { uri: "demo://weather", _meta: MODERN }), {}, undefined, ["-H 'Mcp-Name: demo://weather'"]],
    ["a list has no Mcp-Name", req("tools/list", { _meta: MODERN }), {}, undefined, ["-H 'Mcp-Method: tools/list'"]],
    // A task's requests (the tasks extension's routing headers): Mcp-Name carries the task id.
    ["a tasks/get names the task", req("tasks/get", { taskId: "t-42", _meta: MODERN }), {}, undefined, ["-H 'Mcp-Method: tasks/get'", "-H 'Mcp-Name: t-42'"]],
    [
      "a tasks/update names the task",
      req("tasks/update", { taskId: "t-42", inputResponses: { golive: { action: "accept", content: { confirm: true } } }, _meta: MODERN }),
      {},
      undefined,
      ["-H 'Mcp-Method: tasks/update'", "-H 'Mcp-Name: t-42'"],
    ],
    ["a tasks/cancel names the task", req("tasks/cancel", { taskId: "t-42", _meta: MODERN }), {}, undefined, ["-H 'Mcp-Name: t-42'"]],
    ["custom headers follow, with their spelling", req("tools/list", { _meta: MODERN }), { Authorization: "Bearer t0k'en" }, undefined, ["-H 'Authorization: Bearer t0k'\\''en'"]],
    ["a custom header cannot override a protocol one", req("tools/list", { _meta: MODERN }), { "mcp-method": "evil" }, undefined, ["-H 'Mcp-Method: tools/list'"]],
    [
      "annotated arguments become Mcp-Param-*, non-ASCII base64-encoded",
      req("tools/call", { name: "weather", arguments: { city: "Zürich" }, _meta: MODERN }),
      {},
      { type: "object", properties: { city: { type: "string", "x-mcp-header": "City" } } },
      ["-H 'Mcp-Param-City: =?base64?WsO8cmljaA==?='"],
    ],
    ["a non-ASCII name is base64-encoded", req("tools/call", { name: "grüß", arguments: {}, _meta: MODERN }), {}, undefined, ["-H 'Mcp-Name: =?base64?Z3LDvMOf?='"]],
  ])("%s", (_n, r, custom, inputSchema, lines) => {
    const out = curlCommand({ url: URL, custom, ...r, inputSchema });
    expect(out.ok).toBe(true);
    const command = out.ok ? out.command : "";
    for (const line of lines) expect(command.split(" \\\n  ")).toContain(line);
    expect(command.endsWith(`--data-raw '${r.raw.replace(/'/g, "'\\''")}'`)).toBe(true);
  });

  it("quotes a body with single quotes and non-ASCII exactly", () => {
    const r = req("tools/call", { name: "echo", arguments: { message: "it's café ☕" }, _meta: MODERN });
    const out = curlCommand({ url: URL, custom: {}, ...r });
    expect(out.ok && out.command.endsWith(`--data-raw '{"jsonrpc":"2.0","id":"c3","method":"tools/call","params":{"name":"echo","arguments":{"message":"it'\\''s café ☕"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'`)).toBe(true);
  });

  it.each<[string, Partial<Parameters<typeof curlCommand>[0]>, RegExp]>([
    ["the embedded server has no URL", { url: undefined }, /embedded demo server/],
    ["an initialize-era request", req("tools/call", { name: "echo" }), /Not a 2026-07-28 request/],
    ["a response", { message: { jsonrpc: "2.0", id: 1, result: {} } as JsonRpcMessage }, /Only requests/],
    ["a frame that did not parse", { message: undefined }, /Only requests/],
    ["a header value HTTP cannot carry", { custom: { "X-Bad": "a\nb" } }, /cannot build the request headers/],
  ])("refuses: %s", (_n, patch, reason) => {
    const out = curlCommand({ url: URL, custom: {}, ...req("tools/list", { _meta: MODERN }), ...patch });
    expect(out.ok).toBe(false);
    expect(out.ok ? "" : out.reason).toMatch(reason);
  });
});

describe("frameJson", () => {
  it("pretty-prints a parsed frame and keeps a broken one as it came", () => {
    const r = req("ping", {});
    expect(JSON.parse(frameJson(r.message, r.raw))).toEqual(r.message);
    expect(frameJson(r.message, r.raw)).toContain("\n");
    expect(frameJson(undefined, "{oops")).toBe("{oops");
  });
});
