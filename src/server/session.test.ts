import { describe, expect, it } from "vitest";
import { type JsonRpcMessage, type JsonRpcRequest, META } from "../core";
import { server } from "./server";
import { ServerSession } from "./session";

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const modernMeta = { [META.protocolVersion]: "2026-07-28", [META.clientCapabilities]: {} };

/** A session whose one tool waits until its request is cancelled, noting which ids were. */
function waitingSession() {
  const cancelled: string[] = [];
  const srv = server({
    name: "t",
    version: "1",
    tools: [
      {
        name: "wait",
        handler: (args, ctx) =>
          new Promise<string>((resolve) => {
            ctx.signal.addEventListener("abort", () => {
              cancelled.push(String(args.tag));
              resolve("stopped");
            });
          }),
      },
    ],
  });
  const sent: JsonRpcMessage[] = [];
  const s = new ServerSession(srv, { send: async (m) => void sent.push(m) });
  const call = (id: string | number, tag: string): void =>
    s.receive({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "wait", arguments: { tag }, _meta: modernMeta } } as JsonRpcRequest);
  const cancel = (requestId: string | number): void => s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } });
  return { s, sent, cancelled, call, cancel };
}

describe("ServerSession: requests in flight", () => {
  it("cancels each of several requests in flight at once by its id, and only that one", async () => {
    const { sent, cancelled, call, cancel } = waitingSession();
    call(1, "a");
    call("1", "b");
    call(3, "c");
    await flush();
    cancel("1");
    await flush();
    expect(cancelled).toEqual(["b"]);
    cancel(1);
    cancel(3);
    await flush();
    expect(cancelled).toEqual(["b", "a", "c"]);
    expect(sent.map((m) => ("id" in m ? m.id : undefined))).toEqual(["1", 1, 3]);
  });

  it("cancels a sole request, then one served after it under the same id", async () => {
    const { cancelled, call, cancel } = waitingSession();
    call(7, "first");
    await flush();
    cancel(8);
    await flush();
    expect(cancelled).toEqual([]);
    cancel(7);
    await flush();
    expect(cancelled).toEqual(["first"]);
    call(7, "second");
    await flush();
    cancel(7);
    await flush();
    expect(cancelled).toEqual(["first", "second"]);
  });

  it("aborts every request still in flight when it closes", async () => {
    const { s, cancelled, call } = waitingSession();
    call(1, "a");
    call(2, "b");
    await flush();
    s.close();
    await flush();
    expect(cancelled.sort()).toEqual(["a", "b"]);
  });
});
