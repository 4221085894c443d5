// The answers file and the session file people write by hand: their JSON Schemas (public/schemas/)
// accept what the app exports, and an answers file written from the schema alone (no id, no name, the
// question as its bare message) answers two-steps through the real CLI in both eras. The CLI's
// refusals name the field and the shape it expects, and an initialize-era round is never "after retry".
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Validator, type Schema } from "@cfworker/json-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAnswers } from "../../src/core/recording";
import { ROOT, adaAnswers, buildCli, recordSession, runCli, startDemoServer, tempDir, type RunningServer } from "../support/cli";

const schema = (name: string): Validator => new Validator(JSON.parse(readFileSync(join(ROOT, "public/schemas", name), "utf8")) as Schema, "2020-12", false);
const answersSchema = schema("answers.schema.json");
const sessionSchema = schema("session.schema.json");
const problems = (v: Validator, value: unknown): string[] => v.validate(value).errors.map((e) => `${e.instanceLocation}: ${e.error}`);

/** Written from the schema's field descriptions only: key for 2026-07-28, the message for initialize-era questions. */
function handWritten(colorAction: "accept" | "decline"): unknown {
  const color = colorAction === "accept" ? { action: "accept", content: { color: "blue" } } : { action: "decline" };
  return {
    format: "presa-inspector-answers",
    version: 1,
    answers: [
      { server: "presa-demo", target: "tools/call two-steps", kind: "form", key: "name", question: "Name?", response: { action: "accept", content: { name: "Ada" } } },
      { server: "presa-demo", target: "tools/call two-steps", kind: "form", key: "color", question: "Color?", response: color },
    ],
  };
}

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = tempDir();
  [server] = await Promise.all([startDemoServer(), buildCli()]);
}, 60000);

afterAll(async () => {
  await server?.stop();
});

describe("the file schemas", () => {
  it("accept the app's exported answers file and the hand-written one, and refuse a record with no key or question", () => {
    expect(problems(answersSchema, exportAnswers(adaAnswers(), "http://127.0.0.1/schemas/answers.schema.json"))).toEqual([]);
    expect(problems(answersSchema, handWritten("accept"))).toEqual([]);
    expect(problems(answersSchema, handWritten("decline"))).toEqual([]);
    expect(answersSchema.validate({ format: "presa-inspector-answers", version: 1, answers: [{ server: "s", target: "t", kind: "form", response: { action: "accept", content: {} } }] }).valid).toBe(false);
    expect(answersSchema.validate({ format: "presa-inspector-answers", answers: [] }).valid).toBe(false);
    expect(answersSchema.validate({ format: "presa-inspector-answers", version: 1, answers: [{ server: "s", target: "t", kind: "form", key: "k", response: { action: "yes" } }] }).valid).toBe(false);
  });

  it("accept a session as the app exports it", { timeout: 30000 }, async () => {
    for (const revision of ["2026-07-28", "2025-11-25"]) {
      const file = await recordSession(dir, server.url, revision);
      expect(problems(sessionSchema, JSON.parse(readFileSync(file, "utf8")))).toEqual([]);
    }
  });
});

describe("an answers file written from the schema alone", { timeout: 45000 }, () => {
  for (const revision of ["2026-07-28", "2025-11-25"]) {
    it(`answers two-steps on ${revision}, and its declined colour ends in words`, async () => {
      const ok = join(dir, `hand-${revision}.json`);
      writeFileSync(ok, JSON.stringify(handWritten("accept")));
      const r = await runCli(["call", "--url", server.url, "--revision", revision, "--answers", ok, "tool", "two-steps"]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Ada likes blue");
      expect(r.stdout).toMatch(/\[answers file: (name|form: Name\?)\]/);
      // Only 2026-07-28 retries; initialize-era rounds are live requests inside the one call.
      if (revision === "2026-07-28") expect(r.stdout).toContain("round 2 (after retry 1, input_required)");
      else {
        expect(r.stdout).not.toContain("retry");
        expect(r.stdout).toMatch(/round 2 \(live request #\S+ within the call, server requests\)/);
      }

      const declined = join(dir, `declined-${revision}.json`);
      writeFileSync(declined, JSON.stringify(handWritten("decline")));
      const d = await runCli(["call", "--url", server.url, "--revision", revision, "--answers", declined, "tool", "two-steps"]);
      expect(d.code).toBe(1);
      expect(d.stdout).toContain("Stopped at the second question (color): the user declined. Ada gave no colour.");
      expect(d.stdout).not.toContain("undefined");
    });
  }

  it.each([
    ["no version", { format: "presa-inspector-answers", answers: [] }, 'version: missing; expected "version": 1'],
    ["a record without key or question", [{ server: "presa-demo", target: "tools/call greet", kind: "form", response: { action: "accept", content: { name: "Ada" } } }], 'answers[0]: needs "key"'],
    ["an unknown kind", [{ server: "presa-demo", target: "tools/call greet", kind: "Form", key: "who", response: { action: "accept", content: {} } }], 'answers[0].kind: expected one of "form", "url", "sampling", "roots", got "Form"'],
    ["an action that is not one", [{ server: "presa-demo", target: "tools/call greet", kind: "form", key: "who", response: { action: "ok" } }], 'answers[0].response.action: expected "accept", "decline" or "cancel", got "ok"'],
  ])("refuses %s, naming the field and the shape", async (_name, content, said) => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify(content));
    const r = await runCli(["call", "--embedded", "--answers", file, "tool", "greet"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(said);
  });
});
