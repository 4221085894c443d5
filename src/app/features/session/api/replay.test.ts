// The record → export → import → replay cycle through real inspectors and the embedded demo
// server, in both eras; the "changed" variant answers two-steps differently.
import { afterEach, describe, expect, it } from "vitest";
import type { ElicitResult } from "../../../../core/protocol/types";
import { demoServer } from "../../../../server/demo";
import type { AutoDecision, AutoInput } from "../../../lib/autoAnswer";
import { createInspector, type Inspector } from "../../../lib/inspector";
import { parseSession, REDACTED } from "../utils/sessionFile";
import { replayCalls } from "./replay";
import { sessionText } from "./session";

const ANSWERS: Record<string, Record<string, string>> = { "Name?": { name: "Ada" }, "Color?": { color: "blue" }, "Who should I greet?": { name: "Ada" } };

/** Answers the demo forms the way a user would, marked as canned. */
function typist(input: AutoInput): AutoDecision | undefined {
  const content = ANSWERS[String(input.params.message)];
  return content ? { kind: "answer", response: { action: "accept", content } as ElicitResult, source: { by: "canned", name: "test" } } : undefined;
}

const open: Inspector[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((i) => i.disconnect("test over")));
});

async function connected(revision: "auto" | "2025-11-25", variant?: "changed"): Promise<Inspector> {
  const inspector = createInspector({ embeddedServer: demoServer({ stateSecret: "s", ...(variant ? { variant } : {}) }) });
  open.push(inspector);
  await inspector.connect({ revision });
  expect(inspector.connection.getState().status).toBe("connected");
  return inspector;
}

async function record(revision: "auto" | "2025-11-25"): Promise<Inspector> {
  const inspector = await connected(revision);
  inspector.auto.use(typist);
  await inspector.callTool("greet", {});
  await inspector.callTool("two-steps", {});
  const calls = Object.values(inspector.calls.getState().calls);
  expect(calls.map((c) => c.status)).toEqual(["done", "done"]);
  return inspector;
}

describe.each(["auto", "2025-11-25"] as const)("replay (revision %s)", (revision) => {
  it("against the same server: every call the same", async () => {
    const parsed = parseSession(sessionText(await record(revision), false));
    if (!parsed.ok) throw new Error(parsed.error);
    const diffs = await replayCalls(await connected(revision), parsed.session.calls);
    expect(diffs.map((d) => [d.target, d.same])).toEqual([["greet", true], ["two-steps", true]]);
  });

  it("against the changed variant: round 2 and the result of two-steps differ", async () => {
    const parsed = parseSession(sessionText(await record(revision), false));
    if (!parsed.ok) throw new Error(parsed.error);
    const live = await connected(revision, "changed");
    const diffs = await replayCalls(live, parsed.session.calls);
    expect(diffs.map((d) => [d.target, d.same])).toEqual([["greet", true], ["two-steps", false]]);
    const two = diffs[1];
    expect(two?.rounds.map((r) => r.change)).toEqual(["same", "changed"]);
    expect(two?.rounds[1]?.inputs[0]).toMatchObject({ change: "changed", before: { params: { message: "Color?" } }, after: { params: { message: "Favourite color?" } } });
    expect(two?.outcome).toMatchObject({ change: "changed", after: { kind: "result", value: { content: [{ type: "text", text: "Ada likes BLUE" }] } } });
    const marks = Object.values(live.auto.getState().marks);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m.by === "replay")).toBe(true);
  });
});

describe("export", () => {
  it("redacts requestState unless tokens are kept, and reads back with errors intact", async () => {
    const inspector = await record("auto");
    inspector.connection.setState((s) => ({ settings: { ...s.settings, target: { kind: "url", url: "http://x/mcp", headers: [{ name: "Authorization", value: "Bearer secret-1" }, { name: "X-Trace", value: "keep" }] } } }));
    const redacted = sessionText(inspector, false);
    expect(redacted).not.toMatch(/p1\.[A-Za-z0-9_-]{10,}/);
    expect(redacted).not.toContain("secret-1");
    expect(redacted).toContain(REDACTED);
    expect(redacted).toContain('"keep"');
    const kept = sessionText(inspector, true);
    expect(kept).toMatch(/p1\.[A-Za-z0-9_-]{10,}/);
    expect(kept).toContain("secret-1");
    const parsed = parseSession(redacted);
    expect(parsed.ok && parsed.session.calls.map((c) => c.target)).toEqual(["greet", "two-steps"]);
    expect(parsed.ok && parsed.session.frames.length).toBe(inspector.wire.getState().entries.length);
    expect(parsed.ok && parsed.session.file.tokens).toBe("redacted");
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    ["another file", '{"hello": 1}', /not a presa inspector session/],
    ["a newer version", '{"format": "presa-inspector-session", "version": 99}', /newer/],
    ["missing parts", '{"format": "presa-inspector-session", "version": 1}', /lacks/],
  ])("refuses %s", (_n, text, message) => {
    const parsed = parseSession(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.error).toMatch(message);
  });
});
