/**
 * The client as a task receiver (2025-11-25 client-side tasks): a hand-written initialize-era server
 * sends task-augmented elicitation and sampling requests over the in-process pair and polls the client
 * with tasks/get, tasks/result, tasks/list and tasks/cancel, as server-everything's async tools do.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Client } from "./client";
import * as callRounds from "./callRounds";
import type { ClientEvent } from "./events";
import type { ConnectOptions } from "./options";
import { Connection } from "../jsonrpc/connection";
import type { JsonRpcRequest } from "../jsonrpc/messages";
import { inProcessPair } from "../transport/inProcess";
import { McpError } from "../errors";
import { ErrorCode } from "../protocol/codes";
import { capabilitiesFor } from "../protocol/capabilities";
import { deferred } from "../../../test/support/kit";
import { ClientTaskReceiver } from "./clientTasks";
import { clientTasksCapability, runsAsTask } from "../protocol/tasks";
import { RELATED_TASK } from "../protocol/tasks";

const ELICIT = { message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } };
const SAMPLE = { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 };

interface Peer {
  client: Client;
  server: Connection;
  initialize: Promise<JsonRpcRequest>;
  events: ClientEvent[];
}

const open: Client[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

async function peer(options: ConnectOptions, revision = "2025-11-25"): Promise<Peer> {
  const ends = inProcessPair();
  const init = deferred<JsonRpcRequest>();
  const { connection: server } = Connection.over(ends.server, {
    onRequest: async (request) => {
      if (request.method === "initialize") {
        init.resolve(request);
        return { protocolVersion: revision, capabilities: { tools: {} }, serverInfo: { name: "asks-as-tasks", version: "0" } };
      }
      return {};
    },
  });
  const client = new Client(ends.client, { versions: [revision], ...options }, { rounds: callRounds });
  open.push(client);
  const events: ClientEvent[] = [];
  client.subscribe((e) => events.push(e));
  await client.open();
  return { client, server, initialize: init.promise, events };
}

async function rejected(p: Promise<unknown>): Promise<McpError> {
  try {
    await p;
  } catch (e) {
    return e as McpError;
  }
  throw new Error("did not reject");
}

describe("client-side tasks", () => {
  it("declares tasks.requests for the kinds it handles, on 2025-11-25 only", async () => {
    const user = deferred<{ action: "accept"; content: Record<string, string> }>();
    const { initialize } = await peer({ clientTasks: true, handlers: { "elicitation/create": () => user.promise, "sampling/createMessage": () => ({ role: "assistant", content: { type: "text", text: "x" }, model: "m" }) } });
    const caps = (await initialize).params?.capabilities as Record<string, unknown>;
    expect(caps.tasks).toEqual({ list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } });
    expect(clientTasksCapability({ sampling: {} })).toEqual({ list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } });
    expect(clientTasksCapability({ roots: {} })).toBeUndefined();
    expect(capabilitiesFor("2025-06-18", { tasks: { requests: {} } } as never)).not.toHaveProperty("tasks");
    expect(capabilitiesFor("2026-07-28", { tasks: { requests: {} } } as never)).not.toHaveProperty("tasks");
    expect(runsAsTask(caps, "elicitation/create")).toBe(true);
    expect(runsAsTask(caps, "roots/list")).toBe(false);
  });

  it("answers a task-augmented elicitation with a task at once, the user answers later, the server polls and fetches the result", async () => {
    const user = deferred<{ action: "accept"; content: Record<string, string> }>();
    let seen: Record<string, unknown> | undefined;
    const { server, events } = await peer({
      clientTasks: { pollIntervalMs: 250 },
      handlers: {
        "elicitation/create": (params) => {
          seen = params as unknown as Record<string, unknown>;
          return user.promise;
        },
      },
    });
    const created = await server.request("elicitation/create", { task: { ttl: 60_000 }, ...ELICIT });
    const task = created.task as Record<string, unknown>;
    expect(task).toMatchObject({ status: "working", ttl: 60_000, pollInterval: 250 });
    expect(typeof task.taskId).toBe("string");
    expect(typeof task.createdAt).toBe("string");
    // The handler sees the question, not how it travels.
    expect(seen).toEqual(ELICIT);

    const before = await server.request("tasks/get", { taskId: task.taskId });
    expect(before).toMatchObject({ taskId: task.taskId, status: "working" });
    const listed = await server.request("tasks/list", {});
    expect((listed.tasks as { taskId: string }[]).map((t) => t.taskId)).toEqual([task.taskId]);

    // tasks/result blocks until the user answers.
    let fetched = false;
    const result = server.request("tasks/result", { taskId: task.taskId }).then((r) => {
      fetched = true;
      return r;
    });
    await Promise.resolve();
    expect(fetched).toBe(false);
    user.resolve({ action: "accept", content: { name: "Ada" } });
    expect(await result).toEqual({ action: "accept", content: { name: "Ada" }, _meta: { [RELATED_TASK]: { taskId: task.taskId } } });
    expect(await server.request("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "completed" });

    const cancelDone = await rejected(server.request("tasks/cancel", { taskId: task.taskId }));
    expect(cancelDone.code).toBe(ErrorCode.InvalidParams);

    const steps = events.filter((e) => e.type === "clientTask").map((e) => (e.type === "clientTask" ? `${e.step}:${e.status}` : ""));
    expect(steps).toEqual(["created:working", "tasks/get:working", "tasks/result:working", "status:completed", "tasks/get:completed", "tasks/cancel:completed"]);
    expect(events.some((e) => e.type === "inputRequested")).toBe(true);
  });

  it("tasks/cancel withdraws the question: the handler's signal aborts and tasks/result reports the cancellation", async () => {
    let aborted = false;
    const { server } = await peer({
      clientTasks: true,
      handlers: {
        "sampling/createMessage": (_params, ctx) =>
          new Promise((_resolve, reject) => {
            ctx.signal.addEventListener("abort", () => {
              aborted = true;
              reject(new McpError({ kind: "cancelled", message: "withdrawn" }));
            });
          }),
      },
    });
    const { task } = (await server.request("sampling/createMessage", { task: {}, ...SAMPLE })) as { task: { taskId: string } };
    const result = server.request("tasks/result", { taskId: task.taskId });
    const cancelled = await server.request("tasks/cancel", { taskId: task.taskId });
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: "cancelled" });
    expect(aborted).toBe(true);
    expect((await rejected(result)).message).toMatch(/cancelled the task/);
    expect(await server.request("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "cancelled" });
  });

  it("a handler that fails makes the task failed, with its words", async () => {
    const { server } = await peer({ clientTasks: true, handlers: { "elicitation/create": () => Promise.reject(new Error("the form broke")) } });
    const { task } = (await server.request("elicitation/create", { task: { ttl: 1000 }, ...ELICIT })) as { task: { taskId: string } };
    expect((await rejected(server.request("tasks/result", { taskId: task.taskId }))).message).toMatch(/the form broke/);
    expect(await server.request("tasks/get", { taskId: task.taskId })).toMatchObject({ status: "failed", statusMessage: expect.stringMatching(/the form broke/) });
  });

  it("unknown tasks and bad cursors are invalid params; without the switch tasks are not served and the task parameter is ignored", async () => {
    const on = await peer({ clientTasks: true, handlers: { "elicitation/create": () => ({ action: "decline" }) } });
    expect((await rejected(on.server.request("tasks/get", { taskId: "nope" }))).code).toBe(ErrorCode.InvalidParams);
    expect((await rejected(on.server.request("tasks/get", {}))).code).toBe(ErrorCode.InvalidParams);
    expect((await rejected(on.server.request("tasks/list", { cursor: "nope" }))).code).toBe(ErrorCode.InvalidParams);

    const off = await peer({ handlers: { "elicitation/create": () => ({ action: "decline" }) } });
    expect((await off.initialize).params?.capabilities).not.toHaveProperty("tasks");
    expect(await off.server.request("elicitation/create", { task: { ttl: 1000 }, ...ELICIT })).toEqual({ action: "decline" });
    expect((await rejected(off.server.request("tasks/get", { taskId: "x" }))).code).toBe(ErrorCode.MethodNotFound);
  });

  it("on 2025-06-18 nothing is declared and a task parameter is answered as a plain request", async () => {
    const p = await peer({ clientTasks: true, handlers: { "elicitation/create": () => ({ action: "decline" }) } }, "2025-06-18");
    expect((await p.initialize).params?.capabilities).not.toHaveProperty("tasks");
    expect(await p.server.request("elicitation/create", { task: {}, ...ELICIT })).toEqual({ action: "decline" });
  });

  it("keeps at most maxTasks, making room from finished ones, and pages tasks/list", async () => {
    const now = 1_700_000_000_000;
    const clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
    const receiver = new ClientTaskReceiver({ clock, emit: () => undefined, notify: () => undefined }, { maxTasks: 2, pageSize: 1 });
    const open1 = deferred<Record<string, unknown>>();
    const a = receiver.create("elicitation/create", { task: { ttl: 10 } }, undefined, () => Promise.resolve({ action: "decline" })).task as { taskId: string };
    receiver.create("elicitation/create", { task: {} }, undefined, () => open1.promise);
    await Promise.resolve();
    // Full, but the first is finished: it makes room.
    receiver.create("elicitation/create", { task: {} }, undefined, () => open1.promise);
    expect(receiver.size).toBe(2);
    await expect(receiver.serve({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { taskId: a.taskId } })).rejects.toThrow(/not found/);
    // Full of unfinished tasks: a new one is refused in words.
    expect(() => receiver.create("elicitation/create", { task: {} }, undefined, () => open1.promise)).toThrow(/unfinished tasks/);
    // Pages of one, with a cursor.
    const first = await receiver.serve({ jsonrpc: "2.0", id: 2, method: "tasks/list", params: {} });
    expect((first.tasks as unknown[]).length).toBe(1);
    const second = await receiver.serve({ jsonrpc: "2.0", id: 3, method: "tasks/list", params: { cursor: first.nextCursor } });
    expect((second.tasks as unknown[]).length).toBe(1);
    expect(second.nextCursor).toBeUndefined();
  });

  it("drops a finished task once its ttl has passed, never an unfinished one", async () => {
    let now = 1_700_000_000_000;
    const clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
    const receiver = new ClientTaskReceiver({ clock, emit: () => undefined, notify: () => undefined });
    const done = receiver.create("sampling/createMessage", { task: { ttl: 5 } }, undefined, () => Promise.resolve({})).task as { taskId: string };
    const waiting = receiver.create("sampling/createMessage", { task: { ttl: 5 } }, undefined, () => new Promise(() => undefined)).task as { taskId: string };
    await Promise.resolve();
    now += 6;
    await expect(receiver.serve({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { taskId: done.taskId } })).rejects.toThrow(/not found/);
    expect(await receiver.serve({ jsonrpc: "2.0", id: 2, method: "tasks/get", params: { taskId: waiting.taskId } })).toMatchObject({ status: "working" });
  });
});
