// Canned answers through a real inspector and the embedded demo server: saved from an answer the
// user gives, then answering by themselves once auto-answer is on, in both eras.
import { afterEach, describe, expect, it } from "vitest";
import { text } from "../../../../core/mcp/text";
import { demoServer } from "../../../../server/demo";
import { markKey } from "../../../lib/autoAnswer";
import { createInspector, type Inspector } from "../../../lib/inspector";
import { createCannedStore } from "../store/cannedStore";
import { attachCanned } from "./cannedBridge";

const undo: (() => unknown)[] = [];
afterEach(async () => {
  for (const u of undo.splice(0)) await u();
});

async function setup(revision: "auto" | "2025-11-25") {
  const inspector = createInspector({ embeddedServer: demoServer() });
  const canned = createCannedStore(undefined);
  undo.push(attachCanned(inspector, canned), () => inspector.disconnect("test over"));
  await inspector.connect({ revision });
  return { inspector, canned };
}

/** Waits for the next question and answers it as the user would. */
async function answerNext(inspector: Inspector, response: Record<string, unknown>, save?: (mark: string) => void): Promise<void> {
  for (let i = 0; i < 100 && inspector.inputs.getState().pending.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  const p = inspector.inputs.getState().pending[0];
  if (!p) throw new Error("no question came");
  save?.(markKey(p.callId, p.round, p.key));
  inspector.inputs.answer(p.id, response as never);
}

function lastResult(inspector: Inspector): string {
  const s = inspector.calls.getState();
  return text(s.calls[s.order.at(-1) as string]?.result ?? {});
}

describe.each(["auto", "2025-11-25"] as const)("canned answers (revision %s)", (revision) => {
  it("saves an armed answer, then answers with it once auto-answer is on", async () => {
    const { inspector, canned } = await setup(revision);
    const first = inspector.callTool("greet", {});
    await answerNext(inspector, { action: "accept", content: { name: "Ada" } }, (mark) => canned.arm(mark, "Ada"));
    await first;
    expect(lastResult(inspector)).toBe("Hello, Ada!");
    const saved = canned.getState().answers;
    expect(saved.map((a) => [a.name, a.server, a.target, a.kind, a.question])).toEqual([["Ada", "presa-demo", "tools/call greet", "form", "form: Who should I greet?"]]);
    expect(saved[0]?.key).toBe(revision === "auto" ? "who" : undefined);
    expect(canned.getState().armed).toEqual({});

    canned.setAuto("form", true);
    await inspector.callTool("greet", {});
    expect(lastResult(inspector)).toBe("Hello, Ada!");
    expect(Object.values(inspector.auto.getState().marks)).toEqual([{ by: "canned", name: "Ada" }]);
  });

  it("the mock model answers sampling; with it off, the user is asked", async () => {
    const { inspector, canned } = await setup(revision);
    canned.setMock({ enabled: true, script: "/one sentence/ => Mocked." });
    await inspector.callTool("summarize", { text: "x" });
    expect(lastResult(inspector)).toBe("Summary from mock-model: Mocked.");
    canned.setMock({ enabled: false });
    const asked = inspector.callTool("summarize", { text: "x" });
    await answerNext(inspector, { role: "assistant", content: { type: "text", text: "By hand." }, model: "me" });
    await asked;
    expect(lastResult(inspector)).toBe("Summary from me: By hand.");
  });
});
