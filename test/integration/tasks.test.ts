// Calls that run as tasks and stop to ask, in both eras (2026-07-28 tasks extension,
// 2025-11-25 core tasks) over both transports, against the demo server's `deploy` and `release`.
// Every frame is validated against the official schemas (the core schema of the revision, and the
// ext-tasks schema for the extension's methods).
import { afterEach, describe, expect, it } from "vitest";
import { TASKS_EXTENSION, text, type ElicitParams, type ElicitResult, type McpError, type TaskHandle } from "../../src/core";
import { elicitUrl, inputRequired, inputResponse, roots, sample, server } from "../../src/server";
import { MODERN, ROOTS, RefusingTransport, SAMPLED, TRANSPORTS, caught, closePairs, demoHandlers, expectFramesValid, messages, offerFor, openPair, paramsOf } from "../support/harness";

afterEach(closePairs);

const ERAS = [MODERN, "2025-11-25"] as const;

/** Answers the deploy and release questions; `confirm` decides the go-live. */
function taskHandlers(confirm = true, log: string[] = []) {
  return {
    ...demoHandlers(),
    "elicitation/create": (params: ElicitParams): ElicitResult => {
      log.push(params.message);
      if (params.message.startsWith("Where should")) return { action: "accept" as const, content: { environment: "production" } };
      if (params.message.startsWith("Which version")) return { action: "accept" as const, content: { version: "1.2.0" } };
      if (params.message.startsWith("Publish the notes")) return { action: "accept" as const, content: { approve: true } };
      return { action: "accept" as const, content: { confirm } };
    },
  };
}

const FAST = { minPollIntervalMs: 20 };

describe.each(TRANSPORTS)("tasks over %s", (transport) => {
  describe.each(ERAS)("on %s", (revision) => {
    it("deploy runs as a task, asks to go live mid-way, and completes with the answer", async () => {
      const asked: string[] = [];
      const p = await openPair({ transport, versions: offerFor(revision), handlers: taskHandlers(true, asked), tasks: FAST });
      await p.client.listTools();
      let handle: TaskHandle | undefined;
      const result = await p.client.callTool("deploy", { service: "api", environment: "staging", stepMs: 30 }, { onTask: (h) => (handle = h) });
      expect(text(result)).toBe("Deployed api to staging");
      expect(handle?.getSnapshot().status).toBe("completed");
      expect(asked).toEqual(["api is staged on staging. Go live?"]);
      const statuses = p.ofType("taskStatus").map((e) => e.task.status);
      expect(statuses[0]).toBe("working");
      expect(statuses).toContain("input_required");
      expect(statuses.at(-1)).toBe("completed");
      expect(p.ofType("taskFinished")).toHaveLength(1);
      expect(p.ofType("taskPolled").every((e) => e.nextPollInMs >= 20)).toBe(true);
      if (revision === MODERN) {
        const updates = messages(p.events, "out", "tasks/update");
        expect(updates).toHaveLength(1);
        expect(paramsOf(updates[0]!).inputResponses).toEqual({ golive: { action: "accept", content: { confirm: true } } });
        expect(p.ofType("taskInputSent").map((e) => e.travel)).toEqual(["tasks/update"]);
      } else {
        expect(paramsOf(messages(p.events, "out", "tools/call")[0]!).task).toEqual({});
        expect(messages(p.events, "out", "tasks/result")).toHaveLength(1);
        const live = messages(p.events, "in", "elicitation/create");
        expect(live).toHaveLength(1);
        expect((paramsOf(live[0]!)._meta as Record<string, unknown>)["io.modelcontextprotocol/related-task"]).toEqual({ taskId: handle?.taskId });
      }
      expectFramesValid(p.events, revision);
    });

    it.runIf(revision === MODERN)("a tasks/update refused with -32022 goes again under a new id, and the event names that id", async () => {
      const unsupported = { code: -32022, message: "Unsupported protocol version", data: { supported: [MODERN], requested: MODERN } };
      const p = await openPair({ transport, versions: offerFor(revision), handlers: taskHandlers(true), tasks: FAST, wrap: (t) => new RefusingTransport(t, "tasks/update", unsupported) });
      const result = await p.client.callTool("deploy", { service: "api", environment: "staging", stepMs: 30 });
      expect(text(result)).toBe("Deployed api to staging");
      const updates = messages(p.events, "out", "tasks/update");
      expect(updates).toHaveLength(2);
      expect(updates[0]?.id).not.toBe(updates[1]?.id);
      expect(p.ofType("taskInputSent").map((e) => e.requestId)).toEqual([updates[1]?.id]);
    });

    it("a question seen on several polls is asked once", async () => {
      const asked: string[] = [];
      let release: () => void = () => undefined;
      const slowAnswer = new Promise<void>((r) => (release = r));
      const handlers = taskHandlers(true, asked);
      const p = await openPair({
        transport,
        versions: offerFor(revision),
        tasks: FAST,
        handlers: {
          ...handlers,
          "elicitation/create": async (params: ElicitParams) => {
            const answer = handlers["elicitation/create"](params);
            await slowAnswer;
            return answer;
          },
        },
      });
      await p.client.listTools();
      const call = p.client.callTool("deploy", { environment: "staging", stepMs: 10 });
      await waitFor(() => p.ofType("taskPolled").filter((e) => e.status === "input_required").length >= 3 || (revision !== MODERN && asked.length > 0 && p.ofType("taskPolled").length > 3));
      release();
      expect(text(await call)).toBe("Deployed web to staging");
      expect(asked).toHaveLength(1);
      expect(p.ofType("inputRequested")).toHaveLength(1);
    });

    it("release asks two questions, one after the other, within one task", async () => {
      const asked: string[] = [];
      const p = await openPair({ transport, versions: offerFor(revision), handlers: taskHandlers(true, asked), tasks: FAST });
      await p.client.listTools();
      expect(text(await p.client.callTool("release", { stepMs: 20 }))).toBe("Released 1.2.0");
      expect(asked).toEqual(["Which version is this release?", "Publish the notes for 1.2.0?"]);
      expect(p.ofType("inputRequested").map((e) => e.round)).toEqual([1, 2]);
      const statuses = p.ofType("taskStatus").map((e) => e.task.status);
      if (revision === MODERN) expect(statuses.filter((s) => s === "input_required").length).toBeGreaterThanOrEqual(2);
      expectFramesValid(p.events, revision);
    });

    it("an input round before the task (where to deploy), then the task", async () => {
      const asked: string[] = [];
      const p = await openPair({ transport, versions: offerFor(revision), handlers: taskHandlers(true, asked), tasks: FAST });
      await p.client.listTools();
      expect(text(await p.client.callTool("deploy", { stepMs: 10 }))).toBe("Deployed web to production");
      expect(asked).toEqual(["Where should this deployment go?", "web is staged on production. Go live?"]);
      expect(p.ofType("inputRequested").map((e) => e.round)).toEqual([1, 2]);
      expect(p.ofType("taskCreated")).toHaveLength(1);
      expectFramesValid(p.events, revision);
    });

    it("cancel while the question is open: tasks/cancel goes out and the call ends cancelled", async () => {
      let handle: TaskHandle | undefined;
      const p = await openPair({
        transport,
        versions: offerFor(revision),
        tasks: FAST,
        handlers: { ...demoHandlers(), "elicitation/create": () => new Promise(() => undefined) },
      });
      await p.client.listTools();
      const call = p.client.callTool("deploy", { environment: "staging", stepMs: 10 }, { onTask: (h) => (handle = h) });
      await waitFor(() => p.ofType("inputRequested").length > 0);
      handle?.cancel("changed my mind");
      const error = await caught<McpError>(call);
      expect(error.kind).toBe("cancelled");
      expect(error.message).toContain("changed my mind");
      expect(messages(p.events, "out", "tasks/cancel")).toHaveLength(1);
      const task = p.server.tasks.find(handle?.taskId, "anonymous", undefined);
      if (task.ok) expect(task.task.status).toBe("cancelled");
    });

    it("a task the server expires ends the call in words", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: { ...demoHandlers(), "elicitation/create": () => new Promise(() => undefined) }, tasks: FAST });
      await p.client.listTools();
      // The server keeps the task 300 ms; the go-live question is never answered.
      const tool = p.server.tools.get("deploy")!;
      (p.server.tools as Map<string, typeof tool>).set("deploy", { ...tool, execution: { ...tool.execution!, ttlMs: 300 } });
      const error = await caught<McpError>(p.client.callTool("deploy", { environment: "staging", stepMs: 10 }));
      expect(error.message).toMatch(/gone|expired|TTL/);
    });

    it("a task asks with every builder at once (sample, roots, elicitUrl) and reports progress as its status", async () => {
      const gather = server({
        name: "gather",
        version: "1",
        tools: [
          {
            name: "gather",
            execution: { taskSupport: "required", pollIntervalMs: 20 },
            handler: async (_args, ctx) => {
              if (Object.keys(ctx.inputResponses).length === 0) {
                await ctx.progress(1, 2, "half way");
                await new Promise((r) => setTimeout(r, 80));
                return inputRequired({ model: sample("Say hi"), where: roots(), link: elicitUrl("Sign in first", "https://example.com/login") });
              }
              const said = (inputResponse(ctx, "model") as { content?: { text?: string } }).content?.text;
              const count = (inputResponse(ctx, "where") as { roots?: unknown[] }).roots?.length;
              return `${said} / ${count} root(s) / link ${(inputResponse(ctx, "link") as { action?: string }).action}`;
            },
          },
        ],
      });
      const p = await openPair({ transport, server: gather, versions: offerFor(revision), handlers: demoHandlers(), tasks: FAST });
      await p.client.listTools();
      expect(text(await p.client.callTool("gather", {}, { meta: { progressToken: "tok" } }))).toBe(`${SAMPLED.content.text} / ${ROOTS.roots.length} root(s) / link accept`);
      // 2025-11-25 keeps the call's progressToken valid for the task's life; 2026-07-28 tasks send no progress.
      const progress = p.ofType("notification").filter((n) => n.method === "notifications/progress" && n.params?.progressToken === "tok");
      expect(progress.length).toBe(revision === MODERN ? 0 : 1);
      expect(p.ofType("inputRequested").map((e) => e.request.method).sort()).toEqual(["elicitation/create", "roots/list", "sampling/createMessage"]);
      expect(p.ofType("taskStatus").some((e) => e.task.statusMessage === "half way")).toBe(true);
      if (revision === MODERN) expect(messages(p.events, "out", "tasks/update")).toHaveLength(3);
      expectFramesValid(p.events, revision);
    });

    it("step mode holds a task's answer, and the edited answer is what travels", async () => {
      const p = await openPair({
        transport,
        versions: offerFor(revision),
        handlers: taskHandlers(true),
        tasks: FAST,
        step: async (draft) => ({
          action: "send",
          draft: { ...draft, inputResponses: Object.fromEntries(Object.keys(draft.inputResponses).map((k) => [k, { action: "accept", content: { confirm: false } }])) },
        }),
      });
      await p.client.listTools();
      const result = await p.client.callTool("deploy", { environment: "staging", stepMs: 5 });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe("Deployment of web to staging stopped: not confirmed");
      const held = p.ofType("retryHeld");
      expect(held).toHaveLength(1);
      if (revision === MODERN) expect(held[0]?.draft.taskId).toBe(p.ofType("taskCreated")[0]?.task.taskId);
      expectFramesValid(p.events, revision);
    });

    it("without tasks declared, deploy runs inline and release is refused in words", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: taskHandlers() });
      await p.client.listTools();
      expect(text(await p.client.callTool("deploy", { environment: "staging", stepMs: 5 }))).toBe("Deployed web to staging");
      expect(p.ofType("taskCreated")).toHaveLength(0);
      const error = await caught<McpError>(p.client.callTool("release", { stepMs: 5 }));
      expect(error.message).toMatch(/runs only as a task/);
      if (revision === MODERN) expect(error.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
      expectFramesValid(p.events, revision);
    });
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}
