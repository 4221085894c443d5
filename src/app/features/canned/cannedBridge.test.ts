// Canned answers through a real controller and the embedded demo server: saved from an answer the
// user gives, then answering by themselves once auto-answer is on, in both eras.
import { afterEach, describe, expect, it } from "vitest";
import { text } from "../../../core";
import { demoServer } from "../../../server/demo";
import { markKey } from "../../session/autoAnswer";
import { createController, type Controller } from "../../session/controller";
import { createCannedStore } from "./cannedStore";
import { attachCanned } from "./cannedBridge";

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const u of undo.splice(0)) await u();
});

async function setup(revision: "auto" | "2025-11-25") {
  const controller = createController({ embeddedServer: demoServer() });
  const canned = createCannedStore(undefined);
  undo.push(attachCanned(controller, canned), () => controller.disconnect("test over"));
  await controller.connect({ revision });
  return { controller, canned };
}

/** Waits for the next question and answers it as the user would. */
async function answerNext(controller: Controller, response: Record<string, unknown>, save?: (mark: string) => void): Promise<void> {
  for (let i = 0; i < 100 && controller.session.inputs.getState().pending.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  const p = controller.session.inputs.getState().pending[0];
  if (!p) throw new Error("no question came");
  save?.(markKey(p.callId, p.round, p.key));
  controller.session.inputs.answer(p.id, response as never);
}

function lastResult(controller: Controller): string {
  const s = controller.session.calls.getState();
  return text(s.calls[s.order.at(-1) as string]?.result ?? {});
}

describe.each(["auto", "2025-11-25"] as const)("canned answers (revision %s)", (revision) => {
  it("saves an armed answer, then answers with it once auto-answer is on", async () => {
    const { controller, canned } = await setup(revision);
    const first = controller.callTool("greet", {});
    await answerNext(controller, { action: "accept", content: { name: "Ada" } }, (mark) => canned.arm(mark, "Ada"));
    await first?.outcome;
    expect(lastResult(controller)).toBe("Hello, Ada!");
    const saved = canned.getState().answers;
    expect(saved.map((a) => [a.name, a.server, a.target, a.kind, a.question])).toEqual([["Ada", "presa-demo", "tools/call greet", "form", "form: Who should I greet?"]]);
    expect(saved[0]?.key).toBe(revision === "auto" ? "who" : undefined);
    expect(canned.getState().armed).toEqual({});

    canned.setAuto("form", true);
    await controller.callTool("greet", {})?.outcome;
    expect(lastResult(controller)).toBe("Hello, Ada!");
    expect(Object.values(controller.session.auto.getState().marks)).toEqual([{ by: "canned", name: "Ada" }]);
  });

  it("the mock model answers sampling; with it off, the user is asked", async () => {
    const { controller, canned } = await setup(revision);
    canned.setMock({ enabled: true, script: "/one sentence/ => Mocked." });
    await controller.callTool("summarize", { text: "x" })?.outcome;
    expect(lastResult(controller)).toBe("Summary from mock-model: Mocked.");
    canned.setMock({ enabled: false });
    const asked = controller.callTool("summarize", { text: "x" });
    await answerNext(controller, { role: "assistant", content: { type: "text", text: "By hand." }, model: "me" });
    await asked?.outcome;
    expect(lastResult(controller)).toBe("Summary from me: By hand.");
  });
});
