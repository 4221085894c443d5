// The record → export → import → replay cycle through real controllers and the embedded demo
// server, in both eras; the "changed" variant answers two-steps differently.
import { afterEach, describe, expect, it } from "vitest";
import type { ElicitResult } from "../../../core";
import { parseSession, REDACTED, replayCalls } from "../../../core/recording";
import { demoServer } from "../../../server/demo";
import type { AutoDecision, AutoInput } from "../../session/autoAnswer";
import { createController, type Controller } from "../../session/controller";
import { replayHost, sessionText } from "../../session/recording";

const ANSWERS: Record<string, Record<string, string>> = { "Name?": { name: "Ada" }, "Color?": { color: "blue" }, "Who should I greet?": { name: "Ada" } };

/** Answers the demo forms the way a user would, marked as canned. */
function typist(input: AutoInput): AutoDecision | undefined {
  const content = ANSWERS[String(input.params.message)];
  return content ? { kind: "answer", response: { action: "accept", content } as ElicitResult, source: { by: "canned", name: "test" } } : undefined;
}

const open: Controller[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((i) => i.disconnect("test over")));
});

async function connected(revision: "auto" | "2025-11-25", variant?: "changed"): Promise<Controller> {
  const controller = createController({ embeddedServer: demoServer({ stateSecret: "s", ...(variant ? { variant } : {}) }) });
  open.push(controller);
  await controller.connect({ revision });
  expect(controller.session.connection.getState().status).toBe("connected");
  return controller;
}

async function record(revision: "auto" | "2025-11-25"): Promise<Controller> {
  const controller = await connected(revision);
  controller.session.auto.use(typist);
  await controller.callTool("greet", {})?.outcome;
  await controller.callTool("two-steps", {})?.outcome;
  const calls = Object.values(controller.session.calls.getState().calls);
  expect(calls.map((c) => c.status)).toEqual(["done", "done"]);
  return controller;
}

describe.each(["auto", "2025-11-25"] as const)("replay (revision %s)", (revision) => {
  it("against the same server: every call the same", async () => {
    const parsed = parseSession(sessionText((await record(revision)).session, false));
    if (!parsed.ok) throw new Error(parsed.error);
    const diffs = await replayCalls(replayHost(await connected(revision)), parsed.session.calls);
    expect(diffs.map((d) => [d.target, d.same])).toEqual([["greet", true], ["two-steps", true]]);
  });

  it("against the changed variant: round 2 and the result of two-steps differ", async () => {
    const parsed = parseSession(sessionText((await record(revision)).session, false));
    if (!parsed.ok) throw new Error(parsed.error);
    const live = await connected(revision, "changed");
    const diffs = await replayCalls(replayHost(live), parsed.session.calls);
    expect(diffs.map((d) => [d.target, d.same])).toEqual([["greet", true], ["two-steps", false]]);
    const two = diffs[1];
    expect(two?.rounds.map((r) => r.change)).toEqual(["same", "changed"]);
    expect(two?.rounds[1]?.inputs[0]).toMatchObject({ change: "changed", before: { params: { message: "Color?" } }, after: { params: { message: "Favourite color?" } } });
    expect(two?.outcome).toMatchObject({ change: "changed", after: { kind: "result", value: { content: [{ type: "text", text: "Ada likes BLUE" }] } } });
    const marks = Object.values(live.session.auto.getState().marks);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m.by === "replay")).toBe(true);
  });
});

describe("export", () => {
  it("redacts requestState unless tokens are kept, and reads back with errors intact", async () => {
    const controller = await record("auto");
    controller.session.connection.setState((s) => ({ settings: { ...s.settings, target: { kind: "url", url: "http://x/mcp", headers: [{ name: "Authorization", value: "Bearer secret-1" }, { name: "X-Trace", value: "keep" }] } } }));
    const redacted = sessionText(controller.session, false);
    expect(redacted).not.toMatch(/p2\.[A-Za-z0-9_-]{10,}/);
    expect(redacted).not.toContain("secret-1");
    expect(redacted).toContain(REDACTED);
    expect(redacted).toContain('"keep"');
    const kept = sessionText(controller.session, true);
    expect(kept).toMatch(/p2\.[A-Za-z0-9_-]{10,}/);
    expect(kept).toContain("secret-1");
    const parsed = parseSession(redacted);
    expect(parsed.ok && parsed.session.calls.map((c) => c.target)).toEqual(["greet", "two-steps"]);
    expect(parsed.ok && parsed.session.frames.length).toBe(controller.session.wire.getState().entries.length);
    expect(parsed.ok && parsed.session.file.tokens).toBe("redacted");
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    ["another file", '{"hello": 1}', /not a presa inspector session/],
    ["a newer version", '{"format": "presa-inspector-session", "version": 99}', /newer/],
    ["missing parts", '{"format": "presa-inspector-session", "version": 1}', /connection: expected an object/],
  ])("refuses %s", (_n, text, message) => {
    const parsed = parseSession(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.error).toMatch(message);
  });
});
