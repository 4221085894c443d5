import { afterEach, describe, expect, it } from "vitest";
import { Client, HttpExchangeLog, StreamableHttpTransport, checkExchanges, recordExchanges } from "../../src/core";
import { demoServer } from "../../src/server/demo";
import { server } from "../../src/server";
import { hostileAnswerHeaders, hostileServer, WRONG_MCP_NAME_TOOL } from "../../src/server/hostile";
import { startHttpServer, type RunningHttpServer } from "../../src/server/http/handler";
import { demoHandlers } from "../support/harness";

// The HTTP view's record and checks over a real endpoint on 127.0.0.1: what the transport really sent
// and what the server really answered, through the same fetch wrapper the app and the CLI use.

const running: RunningHttpServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(running.splice(0).map((r) => r.close()));
});

async function connect(srv: RunningHttpServer, versions: string[], headers: Record<string, string> = {}) {
  const log = new HttpExchangeLog();
  const transport = new StreamableHttpTransport(srv.url, { headers, fetch: recordExchanges(log, undefined, { kind: "mcp", connectionId: 1 }) });
  const client = new Client(transport, { handlers: demoHandlers(), versions });
  clients.push(client);
  await client.open();
  const context = { revisionOf: () => client.revision, toolSchema: (name: string) => client.toolSchemas.get(name)?.inputSchema };
  return { log, client, checked: () => checkExchanges(log.getSnapshot(), context) };
}

describe("HTTP exchanges over a real endpoint", () => {
  it("2026-07-28: every request's mirrors pass, and a wrong Mcp-Name on the answer fails with the reason", async () => {
    const srv = await startHttpServer(hostileServer(), { port: 0, answerHeaders: hostileAnswerHeaders });
    running.push(srv);
    const { client, checked } = await connect(srv, ["2026-07-28"], { Authorization: "Bearer s3cret", "X-Api-Key": "k" });
    await client.listTools();
    await client.callTool("echo", { message: "hi" });
    await client.callTool(WRONG_MCP_NAME_TOOL, {});
    const all = checked();
    const call = all.filter((c) => c.exchange.rpc?.method === "tools/call");
    expect(call).toHaveLength(2);
    const [good, bad] = call;
    expect(good!.verdict).toBe("pass");
    expect(good!.checks.map((c) => c.header)).toEqual(["MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"]);
    expect(bad!.verdict).toBe("fail");
    const failed = bad!.checks.filter((c) => c.verdict === "fail");
    expect(failed).toEqual([expect.objectContaining({ header: "Mcp-Name", side: "response" })]);
    expect(failed[0]!.reason).toContain(`the answer says "echo" but the request said "${WRONG_MCP_NAME_TOOL}"`);
    // Nothing else fails, and credentials never reach the record.
    expect(all.filter((c) => c.verdict === "fail")).toHaveLength(1);
    expect(bad!.exchange.requestHeaders.authorization).toBe("Bearer [redacted]");
    expect(bad!.exchange.requestHeaders["x-api-key"]).toBe("[redacted]");
    expect(bad!.exchange.status).toBe(200);
    expect(bad!.exchange.headersMs).toBeGreaterThanOrEqual(0);
  });

  it("a tools/call's Mcp-Param-* mirrors are checked against the tool's schema", async () => {
    const route = {
      name: "route",
      inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, verbose: { type: "boolean", "x-mcp-header": "Verbose" } } },
      handler: () => "routed",
    };
    const srv = await startHttpServer(server({ name: "routes", version: "1.0.0", tools: [route] }), { port: 0 });
    running.push(srv);
    const { client, checked } = await connect(srv, ["2026-07-28"]);
    await client.listTools();
    await client.callTool("route", { region: "eu west", verbose: null });
    const call = checked().find((c) => c.exchange.rpc?.method === "tools/call");
    expect(call?.verdict).toBe("pass");
    expect(call?.checks.map((c) => `${c.header}:${c.verdict}`)).toEqual(["MCP-Protocol-Version:pass", "Mcp-Method:pass", "Mcp-Name:pass", "Mcp-Param-Region:pass"]);
  });

  it("2025-11-25: the version header and the session id the server assigned pass on every later request", async () => {
    const srv = await startHttpServer(demoServer(), { port: 0 });
    running.push(srv);
    const { client, log, checked } = await connect(srv, ["2025-11-25"]);
    await client.listTools();
    await client.close();
    const all = checked();
    expect(all.every((c) => c.verdict !== "fail")).toBe(true);
    const init = all.find((c) => c.exchange.rpc?.method === "initialize");
    expect(init?.checks).toEqual([expect.objectContaining({ header: "Mcp-Session-Id", side: "response", verdict: "pass" })]);
    const list = all.find((c) => c.exchange.rpc?.method === "tools/list");
    expect(list?.checks.map((c) => `${c.header}:${c.verdict}`)).toEqual(["MCP-Protocol-Version:pass", "Mcp-Session-Id:pass"]);
    // close() ends the session with a DELETE carrying the id.
    expect(log.getSnapshot().some((e) => e.method === "DELETE" && e.requestHeaders["mcp-session-id"] !== undefined)).toBe(true);
  });
});
