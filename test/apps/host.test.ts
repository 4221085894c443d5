import { describe, expect, it } from "vitest";
import { App } from "@modelcontextprotocol/ext-apps";
import { AppHost, type AppHostEvent, type AppHostOptions } from "../../src/core/apps";
import type { Tool } from "../../src/core";

/**
 * The host against the official App SDK as its peer: the SDK's App talks to AppHost over an in-memory
 * transport that passes messages the way postMessage does (structured clone, asynchronously).
 */
type Msg = Record<string, unknown>;

interface SdkTransport {
  start(): Promise<void>;
  send(message: unknown): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

const tools: Tool[] = [
  { name: "both", inputSchema: { type: "object" } },
  { name: "appOnly", inputSchema: { type: "object" }, _meta: { ui: { visibility: ["app"] } } },
  { name: "modelOnly", inputSchema: { type: "object" }, _meta: { ui: { visibility: ["model"] } } },
];

function pair(over: Partial<AppHostOptions> = {}) {
  const events: AppHostEvent[] = [];
  const calls: Msg[] = [];
  const toApp: SdkTransport = {
    start: async () => undefined,
    send: async (message) => {
      const copy = structuredClone(message);
      queueMicrotask(() => host.receive(copy));
    },
    close: async () => undefined,
  };
  let now = 0;
  const host: AppHost = new AppHost({
    post: (m) => {
      const copy = structuredClone(m);
      queueMicrotask(() => toApp.onmessage?.(copy));
    },
    hostInfo: { name: "presa inspector", version: "test" },
    hostContext: { theme: "dark", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"], containerDimensions: { maxHeight: 600 }, platform: "web" },
    toolFor: (name) => tools.find((t) => t.name === name),
    callTool: async (params) => {
      calls.push(params);
      return { content: [{ type: "text", text: `ran ${String(params.name)}` }] };
    },
    readResource: async (params) => ({ contents: [{ uri: params.uri, text: "hello" }] }),
    openLink: async (url) => url.includes("yes"),
    onEvent: (e) => events.push(e),
    now: () => now,
    ...over,
  });
  return { host, transport: toApp, events, calls, tick: (ms: number) => (now += ms) };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(check()).toBe(true);
};

describe("AppHost with the official App SDK as the app", () => {
  it("initializes with the host context, then delivers the tool input and result in order", async () => {
    const { host, transport, events } = pair();
    const app = new App({ name: "probe", version: "1.0.0" }, { availableDisplayModes: ["inline", "fullscreen"] }, { autoResize: false });
    const seen: string[] = [];
    app.ontoolinputpartial = (p) => seen.push(`partial ${JSON.stringify(p.arguments)}`);
    app.ontoolinput = (p) => seen.push(`input ${JSON.stringify(p.arguments)}`);
    app.ontoolresult = (r) => seen.push(`result ${JSON.stringify(r.content)}`);
    // Sent before the app is up: held until it says initialized.
    host.sendToolInputPartial({ city: "Par" });
    host.sendToolInput({ city: "Paris" });
    host.sendToolInputPartial({ city: "late" });
    host.sendToolResult({ content: [{ type: "text", text: "sunny" }] });
    await app.connect(transport as never);
    expect(app.getHostContext()).toMatchObject({ theme: "dark", displayMode: "inline", containerDimensions: { maxHeight: 600 } });
    expect(app.getHostVersion()).toEqual({ name: "presa inspector", version: "test" });
    await until(() => seen.length === 3);
    expect(seen).toEqual(['partial {"city":"Par"}', 'input {"city":"Paris"}', 'result [{"type":"text","text":"sunny"}]']);
    expect(host.initialized).toBe(true);
    expect(events.find((e) => e.type === "initialized")).toMatchObject({ appInfo: { name: "probe" } });
    // Nothing went to the app before it said initialized, except the answer to ui/initialize.
    const out = events.filter((e): e is Extract<AppHostEvent, { type: "frame" }> => e.type === "frame");
    const initAt = out.findIndex((e) => e.direction === "fromApp" && e.message.method === "ui/notifications/initialized");
    expect(out.slice(0, initAt).filter((e) => e.direction === "toApp").map((e) => "result" in e.message)).toEqual([true]);
  });

  it("streams the arguments as a model would: partial snapshots, then the complete input, once", async () => {
    const { host, transport } = pair();
    const app = new App({ name: "probe", version: "1.0.0" }, {}, { autoResize: false });
    const seen: string[] = [];
    app.ontoolinputpartial = (p) => seen.push(`partial ${JSON.stringify(p.arguments)}`);
    app.ontoolinput = (p) => seen.push(`input ${JSON.stringify(p.arguments)}`);
    host.streamToolInput({ city: "Lisbon", note: "a longer string value", days: 3 });
    host.streamToolInput({ city: "again" });
    await app.connect(transport as never);
    await until(() => seen.some((s) => s.startsWith("input")));
    expect(seen).toEqual([
      "partial {}",
      'partial {"city":"Lisbon"}',
      'partial {"city":"Lisbon","note":"a longer st"}',
      'partial {"city":"Lisbon","note":"a longer string value"}',
      'input {"city":"Lisbon","note":"a longer string value","days":3}',
    ]);
  });

  it("runs the app's tools/call only for tools visible to apps, and says why it refused", async () => {
    const { host, transport, events, calls } = pair();
    const app = new App({ name: "probe", version: "1.0.0" }, {}, { autoResize: false });
    await app.connect(transport as never);
    await expect(app.callServerTool({ name: "appOnly", arguments: { a: 1 } })).resolves.toMatchObject({ content: [{ text: "ran appOnly" }] });
    await expect(app.callServerTool({ name: "both" })).resolves.toMatchObject({ content: [{ text: "ran both" }] });
    await expect(app.callServerTool({ name: "modelOnly" })).rejects.toThrow(/not visible to apps/);
    await expect(app.callServerTool({ name: "nope" })).rejects.toThrow(/no tool named "nope"/);
    expect(calls).toEqual([{ name: "appOnly", arguments: { a: 1 } }, { name: "both", arguments: {} }]);
    const refusals = events.flatMap((e) => (e.type === "refused" ? [e.refusal.kind] : []));
    expect(refusals).toEqual(["visibility", "unknownTool"]);
    expect(host.stopped).toBeUndefined();
  });

  it("reads resources, opens only confirmed http(s) links, and shows messages and model context", async () => {
    const { transport, events } = pair();
    const app = new App({ name: "probe", version: "1.0.0" }, {}, { autoResize: false });
    await app.connect(transport as never);
    await expect(app.readServerResource({ uri: "ui://x/data" })).resolves.toMatchObject({ contents: [{ text: "hello" }] });
    await expect(app.openLink({ url: "https://example.com/yes" })).resolves.toEqual({});
    await expect(app.openLink({ url: "https://example.com/no" })).rejects.toThrow(/denied by user/);
    await expect(app.openLink({ url: "javascript:alert(1)" })).rejects.toThrow(/only http and https/);
    await app.sendMessage({ role: "user", content: [{ type: "text", text: "hi" }] });
    await app.updateModelContext({ content: [{ type: "text", text: "ctx" }] });
    await app.sendLog({ level: "info", data: "log line" });
    await until(() => events.some((e) => e.type === "log"));
    expect(events.filter((e) => e.type === "message" || e.type === "modelContext" || e.type === "log").map((e) => e.type)).toEqual(["message", "modelContext", "log"]);
  });

  it("switches display modes both sides offer, and keeps the mode otherwise", async () => {
    const { transport, events } = pair();
    const app = new App({ name: "probe", version: "1.0.0" }, { availableDisplayModes: ["inline", "fullscreen"] }, { autoResize: false });
    const changes: unknown[] = [];
    app.onhostcontextchanged = (c) => changes.push(c.displayMode);
    await app.connect(transport as never);
    await expect(app.requestDisplayMode({ mode: "fullscreen" })).resolves.toEqual({ mode: "fullscreen" });
    await expect(app.requestDisplayMode({ mode: "pip" })).resolves.toEqual({ mode: "fullscreen" });
    await until(() => changes.length === 1);
    expect(changes).toEqual(["fullscreen"]);
    expect(events.some((e) => e.type === "refused" && e.refusal.kind === "displayMode")).toBe(true);
  });

  it("caps the height an app asks for and reports it", async () => {
    const { transport, events } = pair({ maxHeight: 500 });
    const app = new App({ name: "probe", version: "1.0.0" }, {}, { autoResize: false });
    await app.connect(transport as never);
    await app.sendSizeChanged({ width: 300, height: 200 });
    await app.sendSizeChanged({ width: 300, height: 90000 });
    await until(() => events.filter((e) => e.type === "size").length === 2);
    expect(events.filter((e) => e.type === "size")).toEqual([
      { type: "size", width: 300, height: 200, capped: false },
      { type: "size", width: 300, height: 500, capped: true },
    ]);
  });

  it("stops an app that keeps growing past the cap (an endless resize)", () => {
    const { host, events } = pair({ maxHeight: 500 });
    for (let i = 1; i <= 30; i++) host.receive({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width: 300, height: 500 + i * 100 } });
    expect(host.stopped).toMatch(/asked 11 times to grow past 500 px: an endless resize/);
    expect(events.filter((e) => e.type === "size").length).toBe(10);
  });

  it("tears the app down with ui/resource-teardown, waiting for its answer", async () => {
    const { host, transport, events } = pair();
    const app = new App({ name: "probe", version: "1.0.0" }, {}, { autoResize: false });
    let tornDown = 0;
    app.onteardown = async () => {
      tornDown++;
      return {};
    };
    await app.connect(transport as never);
    await until(() => host.initialized);
    await host.teardown("closed by the user");
    const frames = events.filter((e): e is Extract<AppHostEvent, { type: "frame" }> => e.type === "frame").map((e) => e.message);
    const asked = frames.find((m) => m.method === "ui/resource-teardown");
    expect(asked).toMatchObject({ params: { reason: "closed by the user" } });
    expect(frames.find((m) => m.id === asked?.id && !("method" in m))).toMatchObject({ result: {} });
    expect(events.at(-1)).toEqual({ type: "stopped", reason: "closed by the user" });
    expect(host.stopped).toBe("closed by the user");
    expect(tornDown).toBe(1);
  });

  it("stops an app that floods the host, and ignores it afterwards", () => {
    const { host, events, tick } = pair({ floodLimit: 10 });
    for (let i = 0; i < 10; i++) host.receive({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: i } });
    expect(host.stopped).toBeUndefined();
    tick(1000);
    for (let i = 0; i < 11; i++) host.receive({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: i } });
    expect(host.stopped).toMatch(/more than 10 messages in one second/);
    const logs = events.filter((e) => e.type === "log").length;
    host.receive({ jsonrpc: "2.0", method: "notifications/message", params: {} });
    expect(events.filter((e) => e.type === "log").length).toBe(logs);
    expect(events.filter((e) => e.type === "refused").map((e) => (e.type === "refused" ? e.refusal.kind : ""))).toEqual(["flood"]);
  });

  it("answers malformed and unknown requests with errors, never throwing", async () => {
    const events: AppHostEvent[] = [];
    const sent: Msg[] = [];
    const h2 = new AppHost({ post: (m) => sent.push(m), hostInfo: { name: "x", version: "1" }, hostContext: {}, toolFor: () => undefined, callTool: async () => ({}), readResource: async () => ({}), openLink: async () => false, onEvent: (e) => events.push(e), now: () => 0 });
    h2.receive("not json-rpc");
    h2.receive({ jsonrpc: "2.0", id: 7, method: "sampling/createMessage", params: {} });
    h2.receive({ jsonrpc: "2.0", id: 8, method: "resources/read", params: {} });
    await until(() => sent.length === 2);
    expect(sent).toEqual([
      { jsonrpc: "2.0", id: 7, error: { code: -32601, message: "the host does not offer sampling/createMessage" } },
      { jsonrpc: "2.0", id: 8, error: { code: -32602, message: "resources/read needs a uri" } },
    ]);
    expect(events.filter((e) => e.type === "refused").map((e) => (e.type === "refused" ? e.refusal.kind : ""))).toEqual(["badMessage", "method", "badMessage"]);
  });
});
