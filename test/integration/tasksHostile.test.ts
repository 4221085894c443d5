// Tasks that misbehave (the hostile server's task tools), in both eras over both
// transports. Each ends in an error in words, with bounded polling, and the session keeps working.
import { afterEach, describe, expect, it } from "vitest";
import { text, type McpError } from "../../src/core";
import { hostileServer } from "../../src/server/hostile";
import { MODERN, TRANSPORTS, caught, closePairs, demoHandlers, messages, offerFor, openPair, paramsOf, stubPair, type Pair } from "../support/harness";

afterEach(closePairs);

const ERAS = [MODERN, "2025-11-25"] as const;

async function hostilePair(transport: (typeof TRANSPORTS)[number], revision: string, tasks: object = {}): Promise<Pair> {
  const { "elicitation/create": elicitation } = demoHandlers();
  // Forms only: no sampling handler, so sampling is not declared.
  const p = await openPair({ transport, server: hostileServer(), versions: offerFor(revision), handlers: { "elicitation/create": elicitation }, tasks: { minPollIntervalMs: 50, ...tasks } });
  await p.client.listTools();
  return p;
}

async function stillWorks(p: Pair): Promise<void> {
  expect(text(await p.client.callTool("echo", { message: "still here" }))).toBe("still here");
}

describe.each(TRANSPORTS)("hostile tasks over %s", (transport) => {
  describe.each(ERAS)("on %s", (revision) => {
    it("a task that never finishes ends on the client's time limit, cancelled on the server, with bounded polls", async () => {
      const p = await hostilePair(transport, revision, { timeoutMs: 900 });
      const error = await caught<McpError>(p.client.callTool("task-never-finishes"));
      expect(error.kind).toBe("timeout");
      expect(error.message).toMatch(/did not finish within 1 s; the client gave up and cancelled it/);
      expect(messages(p.events, "out", "tasks/cancel")).toHaveLength(1);
      // 200 ms asked, 900 ms allowed: a handful of polls, not a spin.
      expect(messages(p.events, "out", "tasks/get").length).toBeLessThanOrEqual(7);
      await stillWorks(p);
    });

    it("a status that goes back from completed to working is refused in words", async () => {
      const p = await hostilePair(transport, revision);
      const error = await caught<McpError>(p.client.callTool("task-status-backwards"));
      expect(error.kind).toBe("protocol");
      expect(error.message).toBe("the task's status went back from completed to working; a finished task cannot change");
      expect(messages(p.events, "out", "tasks/cancel")).toHaveLength(1);
      await stillWorks(p);
    });

    it("an unknown status is refused in words", async () => {
      const p = await hostilePair(transport, revision);
      const error = await caught<McpError>(p.client.callTool("task-unknown-status"));
      expect(error.message).toMatch(/unknown task status "paused"/);
      await stillWorks(p);
    });

    it("a 0 ms poll interval is raised to the floor: no spin", async () => {
      const p = await hostilePair(transport, revision, { minPollIntervalMs: 100 });
      const started = Date.now();
      expect(text(await p.client.callTool("task-zero-poll"))).toBe("Done after a second of 0 ms polls");
      const polls = p.ofType("taskPolled");
      expect(polls.every((e) => e.serverPollIntervalMs === 0 && e.nextPollInMs === 100)).toBe(true);
      // About a second at one poll per 100 ms or more.
      expect(messages(p.events, "out", "tasks/get").length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 100) + 1);
      await stillWorks(p);
    });

    it("a task that disappears ends the call: the server no longer knows it", async () => {
      const p = await hostilePair(transport, revision);
      const error = await caught<McpError>(p.client.callTool("task-vanishes"));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/^the task \w+ is gone: the server no longer knows it \(Failed to retrieve task: Task not found\)$/);
      expect(messages(p.events, "out", "tasks/cancel")).toHaveLength(0);
      await stillWorks(p);
    });

    it("a task past its TTL is expired by the server, and the call says so", async () => {
      const p = await hostilePair(transport, revision);
      const error = await caught<McpError>(p.client.callTool("task-expires"));
      // The server says so on a poll; on a machine too busy to poll in time, the client's TTL backstop says so.
      expect(error.message).toMatch(/is gone: .*Task has expired|is past its 500 ms TTL and has not finished/);
      await stillWorks(p);
    });

    it("a question for a capability the client did not declare ends in words", async () => {
      const p = await hostilePair(transport, revision);
      if (revision === MODERN) {
        const error = await caught<McpError>(p.client.callTool("task-asks-undeclared"));
        expect(error.kind).toBe("protocol");
        expect(error.message).toBe("the server asked for sampling/createMessage, which this client did not declare");
        expect(messages(p.events, "out", "tasks/update")).toHaveLength(0);
        expect(messages(p.events, "out", "tasks/cancel")).toHaveLength(1);
      } else {
        // 2025-11-25: the live request is refused, and the task ends as the tool's isError result.
        const result = await p.client.callTool("task-asks-undeclared");
        expect(result.isError).toBe(true);
        expect(text(result)).toMatch(/could not answer sampling\/createMessage .*did not declare/);
        const refused = messages(p.events, "out").find((m) => "error" in m);
        expect(refused).toBeDefined();
      }
      await stillWorks(p);
    });

    it("without tasks, a task-only tool is refused in words", async () => {
      const p = await openPair({ transport, server: hostileServer(), versions: offerFor(revision), handlers: demoHandlers() });
      await p.client.listTools();
      const error = await caught<McpError>(p.client.callTool("task-zero-poll"));
      expect(error.message).toMatch(/runs only as a task/);
      if (revision !== MODERN) expect(paramsOf(messages(p.events, "out", "tools/call")[0]!).task).toBeUndefined();
    });
  });
});

describe("tasks a 2025-11-25 client did not ask for", () => {
  it("a CreateTaskResult for a call without a task parameter is refused in words", async () => {
    const stub = stubPair(
      (request) =>
        request.method === "initialize"
          ? { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "stub", version: "0" } }
          : { task: { taskId: "t1", status: "working", createdAt: "2025-11-25T10:00:00Z", lastUpdatedAt: "2025-11-25T10:00:00Z", ttl: null } },
      { versions: ["2025-11-25"], tasks: true },
    );
    await stub.connect();
    const error = await caught<McpError>(stub.client.callTool("anything"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe("the server answered tools/call with a task, which the client did not ask for (no task parameter)");
    expect(stub.requests.some((r) => r.method === "tasks/get")).toBe(false);
    await stub.close();
  });

  it("the client's ttl goes out as task.ttl on a task-capable tool", async () => {
    const p = await openPair({ transport: "in-process", versions: ["2025-11-25"], handlers: demoHandlers(), tasks: { ttlMs: 5_000, minPollIntervalMs: 20 } });
    await p.client.listTools();
    // demoHandlers() leaves the go-live box unticked: the deployment stops, as a completed task.
    expect(text(await p.client.callTool("deploy", { environment: "staging", stepMs: 5 }))).toBe("Deployment of web to staging stopped: not confirmed");
    expect(paramsOf(messages(p.events, "out", "tools/call")[0]!).task).toEqual({ ttl: 5_000 });
    expect(p.ofType("taskCreated")[0]?.task.ttlMs).toBe(5_000);
  });
});
