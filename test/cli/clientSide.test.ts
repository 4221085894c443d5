// The real `presa-inspector` as a process against the demo server over HTTP: a 2025-11-25 question
// asked as a client-side task (--client-tasks) answered from the answers file, and `complete`
// printing a server's suggestions for a prompt argument (with the others as context) and a template variable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli, startDemoServer, tempDir, writeAnswers, type RunningServer } from "../support/cli";

let answers: string;
let demo: RunningServer;

beforeAll(async () => {
  answers = writeAnswers(tempDir());
  [demo] = await Promise.all([startDemoServer(), buildCli()]);
}, 60000);

afterAll(async () => {
  await demo?.stop();
});

describe("presa-inspector: client-side tasks and completions", { timeout: 45000 }, () => {
  it("--client-tasks: greet's question goes as a task, is answered from the answers file, and the task is listed", async () => {
    const r = await runCli(["call", "--url", demo.url, "--revision", "2025-11-25", "--client-tasks", "--answers", answers, "tool", "greet"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Hello, Ada!");
    expect(r.stdout).toMatch(/\[answers file: Ada\]/);
    expect(r.stdout).toMatch(/client-side task \S+ \(elicitation\/create\): completed; the server asked (tasks\/get ×\d+, )?tasks\/result ×1/);

    const json = await runCli(["call", "--url", demo.url, "--revision", "2025-11-25", "--client-tasks", "--answers", answers, "--format", "json", "tool", "greet"]);
    const parsed = JSON.parse(json.stdout) as { clientTasks?: { method: string; status: string }[] };
    expect(parsed.clientTasks?.map((t) => [t.method, t.status])).toEqual([["elicitation/create", "completed"]]);

    const without = await runCli(["call", "--url", demo.url, "--revision", "2025-11-25", "--answers", answers, "tool", "greet"]);
    expect(without.code).toBe(0);
    expect(without.stdout).not.toContain("client-side task");
  });

  it("complete prints suggestions, narrowed by the other arguments, as text or JSON", async () => {
    const dept = await runCli(["complete", "--url", demo.url, "prompt", "team-lead", "department", "S"]);
    expect(dept.stderr).toBe("");
    expect(dept.code).toBe(0);
    expect(dept.stdout.trim().split("\n")).toEqual(["Sales", "Support"]);
    const member = await runCli(["complete", "--url", demo.url, "--revision", "2025-11-25", "--format", "json", "prompt", "team-lead", "member", "", "department=Support"]);
    expect(JSON.parse(member.stdout)).toMatchObject({ values: ["John", "Kim", "Lee"], dropped: 0 });
    const name = await runCli(["complete", "--embedded", "resource", "demo://greeting/{name}", "name", "a"]);
    expect(name.stdout.trim().split("\n")).toEqual(["Ada", "Alan"]);
    const none = await runCli(["complete", "--embedded", "prompt", "team-lead", "member", "Z"]);
    expect(none.stdout.trim()).toBe("(no suggestions)");
    const bad = await runCli(["complete", "--embedded", "tool", "greet", "name"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/complete needs: prompt NAME ARGUMENT/);
  });
});
