import { describe, expect, it } from "vitest";
import { type JsonRpcMessage, type JsonRpcRequest, META } from "../core";
import { ChangeFeed } from "./changes";
import { server, type ServerOptions } from "./server";
import { ServerSession } from "./session";

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const modernMeta = { [META.protocolVersion]: "2026-07-28", [META.clientCapabilities]: {} };

function session(options: Partial<ServerOptions> = {}) {
  const changes = new ChangeFeed();
  const srv = server({
    name: "t",
    version: "1",
    tools: [{ name: "noop", handler: () => "ok" }],
    prompts: [{ name: "p", handler: () => "p" }],
    resources: [{ uri: "test://r", name: "r", handler: () => "r" }],
    listChanged: true,
    resourceSubscribe: true,
    changes,
    ...options,
  });
  const sent: JsonRpcMessage[] = [];
  const s = new ServerSession(srv, { send: async (m) => void sent.push(m) });
  const request = (id: string, method: string, params: Record<string, unknown> = {}): void =>
    s.receive({ jsonrpc: "2.0", id, method, params } as JsonRpcRequest);
  return { s, sent, changes, request };
}

describe("subscriptions/listen (SEP-2575)", () => {
  it("acknowledges first with the honoured filter, then sends only wanted changes, tagged with the listen id", async () => {
    const { sent, changes, request } = session();
    request("listen-1", "subscriptions/listen", {
      _meta: modernMeta,
      notifications: { toolsListChanged: true, promptsListChanged: false, resourceSubscriptions: ["test://r"] },
    });
    await flush();
    changes.publish({ kind: "prompts" });
    changes.publish({ kind: "tools" });
    changes.publish({ kind: "resource", uri: "test://other" });
    changes.publish({ kind: "resource", uri: "test://r" });
    await flush();
    const tag = { [META.subscriptionId]: "listen-1" };
    expect(sent).toEqual([
      { jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { notifications: { toolsListChanged: true, resourceSubscriptions: ["test://r"] }, _meta: tag } },
      { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: tag } },
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "test://r", _meta: tag } },
    ]);
  });

  it("honours nothing on a server whose lists never change, and stops sending once cancelled", async () => {
    const { s, sent, changes, request } = session({ listChanged: false, resourceSubscribe: false });
    request("l", "subscriptions/listen", { _meta: modernMeta, notifications: { toolsListChanged: true } });
    await flush();
    s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "l" } });
    changes.publish({ kind: "tools" });
    await flush();
    expect(sent[0]).toMatchObject({ method: "notifications/subscriptions/acknowledged", params: { notifications: {} } });
    expect(sent.filter((m) => "method" in m && m.method === "notifications/tools/list_changed")).toEqual([]);
  });
});

describe("initialize-era sessions", () => {
  it("get list_changed and resources/updated for what they subscribed to", async () => {
    const { sent, changes, request } = session();
    request("1", "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } });
    await flush();
    expect(sent[0]).toMatchObject({ id: "1", result: { capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } } } });
    request("2", "resources/subscribe", { uri: "test://r" });
    await flush();
    changes.publish({ kind: "tools" });
    changes.publish({ kind: "resource", uri: "test://r" });
    request("3", "resources/unsubscribe", { uri: "test://r" });
    await flush();
    changes.publish({ kind: "resource", uri: "test://r" });
    await flush();
    expect(sent.slice(1)).toEqual([
      { jsonrpc: "2.0", id: "2", result: {} },
      { jsonrpc: "2.0", method: "notifications/tools/list_changed" },
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "test://r" } },
      { jsonrpc: "2.0", id: "3", result: {} },
    ]);
  });

  it("a 2026-07-28-stamped initialize is a removed method, not a handshake", async () => {
    const { sent, request } = session();
    request("1", "initialize", { _meta: modernMeta });
    await flush();
    expect(sent).toEqual([{ jsonrpc: "2.0", id: "1", error: expect.objectContaining({ code: -32601 }) }]);
  });
});
