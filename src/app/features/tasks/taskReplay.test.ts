// A task call through record → export → import → replay, with real controllers and the embedded demo
// server in both eras: the session file keeps the task's events, and the replay answers the task's
// questions (the round before the task and the one inside it) from the recording.
import { afterEach, describe, expect, it } from "vitest";
import type { ElicitResult } from "../../../core";
import { parseSession, replayCalls } from "../../../core/recording";
import { demoServer } from "../../../server/demo";
import type { AutoDecision, AutoInput } from "../../session/autoAnswer";
import { createController, type Controller } from "../../session/controller";
import { replayHost, sessionText } from "../session/recording";
import { taskOf } from "./taskView";

function typist(input: AutoInput): AutoDecision | undefined {
  const message = String(input.params.message);
  if (message.startsWith("Where should this deployment go?")) return { kind: "answer", response: { action: "accept", content: { environment: "production" } } as ElicitResult, source: { by: "canned", name: "where" } };
  if (message.endsWith("Go live?")) return { kind: "answer", response: { action: "accept", content: { confirm: true } } as unknown as ElicitResult, source: { by: "canned", name: "go" } };
  return undefined;
}

const open: Controller[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.disconnect("test over")));
});

async function connected(revision: "2026-07-28" | "2025-11-25"): Promise<Controller> {
  const controller = createController({ embeddedServer: demoServer({ stateSecret: "s" }) });
  open.push(controller);
  await controller.connect({ revision });
  await controller.listTools();
  return controller;
}

describe.each(["2026-07-28", "2025-11-25"] as const)("a task call recorded and replayed (%s)", (revision) => {
  it("keeps the task's events in the session file and replays the same", async () => {
    const recorder = await connected(revision);
    recorder.session.auto.use(typist);
    const outcome = await recorder.callTool("deploy", { stepMs: 5 })?.outcome;
    expect(outcome?.ok).toBe(true);
    const parsed = parseSession(sessionText(recorder.session, false));
    if (!parsed.ok) throw new Error(parsed.error);
    const recorded = parsed.session.calls[0];
    const task = recorded ? taskOf(recorded) : undefined;
    expect(task?.era).toBe(revision === "2026-07-28" ? "modern" : "legacy");
    expect(task?.timeline.map((s) => s.status)).toContain("input_required");
    expect(task?.finished?.status).toBe("completed");

    const live = await connected(revision);
    const diffs = await replayCalls(replayHost(live), parsed.session.calls);
    expect(diffs.map((d) => [d.target, d.same])).toEqual([["deploy", true]]);
    const replayed = Object.values(live.session.calls.getState().calls)[0];
    expect(replayed && taskOf(replayed)?.finished?.status).toBe("completed");
    expect(Object.values(live.session.auto.getState().marks).every((m) => m.by === "replay")).toBe(true);
  });
});
