// Client-side tasks end to end with the reference server (askAsTasks, on in the demo): on 2025-11-25 a
// client that declares tasks.requests is asked each question as a task, answers with the task at once,
// is polled with tasks/get and gives the answer on tasks/result; the tool's call completes as before.
import { afterEach, describe, expect, it } from "vitest";
import { closePairs, demoHandlers, openPair, TRANSPORTS } from "../support/harness";
import { text, type ClientEvent } from "../../src/core";
import { deferred } from "../support/kit";

afterEach(closePairs);

const stepsOf = (events: ClientEvent[]): string[] => events.flatMap((e) => (e.type === "clientTask" ? [e.step] : []));

describe.each(TRANSPORTS)("over %s", (transport) => {
  it("a question answered later: the server holds a task, polls it, and the call completes with the answer", async () => {
    const answer = deferred<{ action: "accept"; content: Record<string, string> }>();
    const asked = deferred();
    const p = await openPair({
      transport,
      versions: ["2025-11-25"],
      clientTasks: { pollIntervalMs: 50 },
      handlers: {
        ...demoHandlers(),
        "elicitation/create": () => {
          asked.resolve();
          return answer.promise;
        },
      },
    });
    const call = p.client.startCall("tools/call", { name: "greet", arguments: {} });
    await asked.promise;
    // The server is polling a task while the person thinks.
    await new Promise<void>((resolve) => {
      const off = p.client.subscribe((e) => {
        if (e.type === "clientTask" && e.step === "tasks/get") {
          off();
          resolve();
        }
      });
    });
    answer.resolve({ action: "accept", content: { name: "Ada" } });
    const outcome = await call.outcome;
    expect(outcome.ok && text(outcome.result)).toBe("Hello, Ada!");
    expect(stepsOf(p.events)).toEqual(expect.arrayContaining(["created", "tasks/get", "status", "tasks/result"]));
    expect(p.events.filter((e) => e.type === "clientTask").every((e) => e.type === "clientTask" && e.callId === call.id)).toBe(true);
    const created = p.frames().find((f) => f.direction === "in" && (f.message as { method?: string } | undefined)?.method === "elicitation/create");
    expect((created?.message as { params: Record<string, unknown> }).params.task).toEqual({ ttl: 600_000 });
  });

  it("sampling as a task, and without the switch the question goes the usual way", async () => {
    const on = await openPair({ transport, versions: ["2025-11-25"], clientTasks: true, handlers: demoHandlers() });
    expect(text(await on.client.callTool("summarize", { text: "a long text" }))).toContain("A short summary.");
    expect(stepsOf(on.events)).toContain("tasks/result");
    const off = await openPair({ transport, versions: ["2025-11-25"], handlers: demoHandlers() });
    expect(text(await off.client.callTool("greet"))).toBe("Hello, Ada!");
    expect(stepsOf(off.events)).toEqual([]);
  });
});
