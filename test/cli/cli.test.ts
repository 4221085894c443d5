// The real `presa-inspector` as a process (node on bin/presa-inspector.mjs, which starts the built
// bundle) against the demo server over HTTP (bin/demo-server.ts on a free port) and over stdio
// (bin/demo-stdio.ts): call with an answers file in both eras, replay with exit codes and JUnit,
// every bad input's exit code and line, and the interactive prompts in a real pseudo-terminal.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../../src/server/demo";
import { createHttpHandler } from "../../src/server/http/handler";
import { BIN, DEMO_STDIO, DEMO_STDIO_PROCESS, ROOT, Terminal, buildCli, gone, processesWith, recordSession, runCli, startDemoServer, tempDir, writeAnswers, type RunningServer } from "../support/cli";

// jsdom (already a dev dependency) parses the JUnit file as XML; it ships no types, so it is required untyped.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } } };

const ERAS = ["2026-07-28", "2025-11-25"] as const;
let dir: string;
let answers: string;
let same: RunningServer;
let changed: RunningServer;

beforeAll(async () => {
  dir = tempDir();
  answers = writeAnswers(dir);
  [same, changed] = await Promise.all([startDemoServer(), startDemoServer(["--variant", "changed"]), buildCli()]);
}, 60000);

afterAll(async () => {
  await Promise.all([same?.stop(), changed?.stop()]);
});

describe("presa-inspector", { timeout: 45000 }, () => {
  it("--help names the commands and targets", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const word of ["call", "replay", "--url", "--stdio", "--embedded", "--answers", "--decline-unanswered", "--junit"]) expect(r.stdout).toContain(word);
  });

  describe.each(ERAS)("call with an answers file (%s)", (revision) => {
    it.each([
      ["HTTP", () => ["--url", same.url]],
      ["stdio", () => ["--stdio", DEMO_STDIO]],
    ])("over %s: greet says Hello, Ada! and two-steps says Ada likes blue", async (_name, target) => {
      const greet = await runCli(["call", ...target(), "--revision", revision, "--answers", answers, "tool", "greet"]);
      expect(greet.stderr).toBe("");
      expect(greet.code).toBe(0);
      expect(greet.stdout).toContain("Hello, Ada!");
      expect(greet.stdout).toContain(`(${revision})`);
      expect(greet.stdout).toMatch(/\[answers file: Ada\]/);

      const two = await runCli(["call", ...target(), "--revision", revision, "--answers", answers, "--format", "json", "tool", "two-steps"]);
      expect(two.code).toBe(0);
      const json = JSON.parse(two.stdout) as { ok: boolean; revision: string; rounds: { index: number; inputs: { question: string; by: string }[]; decodedState?: { kind: string; state: unknown } }[]; result: { content: { text: string }[] } };
      expect(json.ok).toBe(true);
      expect(json.revision).toBe(revision);
      expect(json.result.content[0]?.text).toBe("Ada likes blue");
      expect(json.rounds.map((r) => r.inputs.map((i) => [i.question, i.by]))).toEqual([[["form: Name?", "answers file: Ada's name"]], [["form: Color?", "answers file: blue"]]]);
      // 2026-07-28 carries the state in requestState, decoded for the reader (with the caller the server
      // bound it to: no Authorization over HTTP, the stdio transport's name); the initialize era has none.
      const caller = _name === "HTTP" ? "anonymous" : "stdio";
      if (revision === "2026-07-28") expect(json.rounds[1]?.decodedState).toMatchObject({ kind: "presa", caller, state: { name: "Ada" } });
      else expect(json.rounds.every((r) => r.decodedState === undefined)).toBe(true);
    });
  });

  it("stops a stdio server and what it started when the call ends", async () => {
    const marker = `presa-exit-${process.pid}-${Date.now()}`;
    const stdio = `sh -c 'node -e "setInterval(() => {}, 1000)" grandchild-${marker} & exec ${DEMO_STDIO}'`;
    const r = await runCli(["call", "--stdio", stdio, "--answers", answers, "tool", "greet"]);
    expect(r.stdout).toContain("Hello, Ada!");
    expect(r.code).toBe(0);
    expect(await gone(`^node -e .*grandchild-${marker}`)).toEqual([]);
  });

  it("stops a stdio server when the CLI is sent SIGTERM", async () => {
    const marker = `presa-term-${process.pid}-${Date.now()}`;
    const cli = spawn(process.execPath, [BIN, "call", "--stdio", `${DEMO_STDIO} --state-secret ${marker}`, "tool", "countdown", "steps=20", "delayMs=5000"], { cwd: ROOT, stdio: "ignore" });
    const server = `${DEMO_STDIO_PROCESS} .*${marker}`;
    try {
      for (let i = 0; i < 100 && processesWith(server).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(processesWith(server)).toHaveLength(1);
      const closed = new Promise<number | null>((r) => cli.on("close", (code) => r(code)));
      cli.kill("SIGTERM");
      expect(await closed).toBe(130);
      expect(await gone(server)).toEqual([]);
    } finally {
      if (cli.exitCode === null) cli.kill("SIGKILL");
    }
  });

  it("call with --decline-unanswered declines (the tool then reports its error: exit 1)", async () => {
    const r = await runCli(["call", "--url", same.url, "--decline-unanswered", "tool", "greet"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("No name given");
    expect(r.stdout).toContain("declined (--decline-unanswered)");
  });

  it("names a tool's MCP App, which it cannot render (text and JSON)", async () => {
    const text = await runCli(["call", "--embedded", "tool", "weather-app", "city=Oslo"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Oslo: snow, -3°C");
    expect(text.stdout).toContain("app: ui://presa-demo/weather (an MCP App; the command line cannot render it");
    const json = await runCli(["call", "--embedded", "--format", "json", "tool", "weather-app"]);
    expect(JSON.parse(json.stdout).app).toEqual({ resourceUri: "ui://presa-demo/weather", visibility: ["model", "app"], rendered: false });
    const plain = await runCli(["call", "--embedded", "--format", "json", "tool", "echo", "message=x"]);
    expect(JSON.parse(plain.stdout).app).toBeUndefined();
  });

  it("call takes arguments as key=value and as JSON (resources and prompts too)", async () => {
    const echo = await runCli(["call", "--embedded", "--format", "json", "tool", "echo", "message=007"]);
    expect(echo.code).toBe(0);
    // The schema says message is a string, so 007 stays text (not the number 7).
    expect(JSON.parse(echo.stdout).params).toEqual({ name: "echo", arguments: { message: "007" } });
    const json = await runCli(["call", "--embedded", "--args", '{"message": "hi"}', "tool", "echo"]);
    expect(json.stdout).toContain("hi");
    const res = await runCli(["call", "--url", same.url, "resource", "demo://greeting/Ada"]);
    expect(res.stdout + res.stderr).toContain("Hello, Ada!");
    expect(res.code).toBe(0);
  });

  it("declares capabilities as the app's toggles: off leaves elicitation out, declared has no handler", async () => {
    const off = await runCli(["call", "--url", same.url, "--elicitation-form", "off", "--answers", answers, "tool", "greet"]);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/requires the elicitation capability .* \(code -\d+\)/);
    const declared = await runCli(["call", "--url", same.url, "--elicitation-form", "declared", "--answers", answers, "tool", "greet"]);
    expect(declared.code).toBe(2);
    expect(declared.stderr).toContain("Form elicitation is declared but has no handler (--elicitation-form declared)");
  });

  it("sends --header on every request", async () => {
    const seen: (string | undefined)[] = [];
    const handler = createHttpHandler(demoServer({ stateSecret: "h" }));
    const http = createServer((req, res) => {
      seen.push(req.headers["x-api-key"] as string | undefined);
      void handler(req, res);
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      const r = await runCli(["call", "--url", url, "--header", "X-Api-Key: s3cret", "--answers", answers, "tool", "greet"]);
      expect(r.stdout).toContain("Hello, Ada!");
      expect(seen.length).toBeGreaterThan(1);
      expect(new Set(seen)).toEqual(new Set(["s3cret"]));
    } finally {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    }
  });

  describe.each(ERAS)("replay (%s)", (revision) => {
    it("exits 0 on the same server, 1 on --variant changed with a JUnit report naming the changed round", async () => {
      const session = await recordSession(dir, same.url, revision);
      const ok = await runCli(["replay", session, "--junit", join(dir, `ok-${revision}.xml`)]);
      expect(ok.stderr).toBe("");
      expect(ok.stdout).toContain("behaviour matches the recording");
      expect(ok.code).toBe(0);

      for (const target of [["--url", changed.url], ["--embedded", "--variant", "changed"]]) {
        const junit = join(dir, `changed-${revision}.xml`);
        const r = await runCli(["replay", session, ...target, "--junit", junit]);
        expect(r.code).toBe(1);
        expect(r.stdout).toContain("✗ tools/call two-steps: differs");
        expect(r.stdout).toContain("round 2 changed: question");
        const doc = new JSDOM(readFileSync(junit, "utf8"), { contentType: "text/xml" }).window.document;
        expect(doc.querySelector("parsererror")).toBeNull();
        const suite = doc.querySelector("testsuite");
        expect([suite?.getAttribute("tests"), suite?.getAttribute("failures"), suite?.getAttribute("errors")]).toEqual(["2", "1", "0"]);
        const failing = [...doc.querySelectorAll("testcase")].filter((c) => c.querySelector("failure"));
        expect(failing.map((c) => c.getAttribute("name"))).toEqual(["2. tools/call two-steps"]);
        expect(failing[0]?.querySelector("failure")?.getAttribute("message")).toMatch(/^round 2 changed: question .*Color\?.*Favourite color\?/);
      }
    });
  });

  it("replays the committed example session (docs/ci-example.yml) and uses its recorded URL when no target is given", async () => {
    const fixture = join(ROOT, "test/fixtures/cli/demo-two-steps.session.json");
    expect((await runCli(["replay", fixture, "--embedded"])).code).toBe(0);
    expect((await runCli(["replay", fixture, "--embedded", "--variant", "changed"])).code).toBe(1);
    // Recorded on http://127.0.0.1:3939/mcp: with nothing there (or another server), it fails or differs, never hangs.
    const copy = join(dir, "recorded-url.json");
    writeFileSync(copy, readFileSync(fixture, "utf8").replace("http://127.0.0.1:3939/mcp", same.url));
    const r = await runCli(["replay", copy]);
    expect(r.stdout).toContain("behaviour matches the recording");
    expect(r.code).toBe(0);
  });

  it("replay over stdio, with the target given on the command line", async () => {
    const session = await recordSession(dir, same.url, "2026-07-28");
    const r = await runCli(["replay", session, "--stdio", DEMO_STDIO, "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).same).toBe(true);
  });

  describe("bad input: one line saying what and where, exit 2, no hang", () => {
    const bad: [string, () => string[] | Promise<string[]>, RegExp][] = [
      ["an unknown tool", () => ["call", "--url", same.url, "tool", "no-such-tool"], /unknown tool "no-such-tool" on http:\/\/127\.0\.0\.1:\d+\/mcp; it lists: greet, two-steps/],
      ["an unreachable server", () => ["call", "--url", "http://127.0.0.1:9/mcp", "tool", "greet"], /cannot reach http:\/\/127\.0\.0\.1:9\/mcp: /],
      ["a server that exits at once", () => ["call", "--stdio", `node -e "process.stderr.write('no config'); process.exit(3)"`, "tool", "greet"], /stdio `node -e .*`: before it answered, the server process exited with code 3; last stderr: no config/],
      ["a command that does not exist", () => ["call", "--stdio", "presa-no-such-command --flag", "tool", "greet"], /stdio `presa-no-such-command --flag`: cannot start "presa-no-such-command": spawn presa-no-such-command ENOENT/],
      ["a server that exits during the call", () => ["call", "--stdio", `node ${join(ROOT, "test/fixtures/cli/diesOnCall.mjs")}`, "tool", "greet"], /tools\/call greet on stdio `node .*diesOnCall\.mjs`: the server process exited with code 4; last stderr: out of memory \(on purpose\)/],
      ["a server that never answers", () => ["call", "--timeout", "500", "--stdio", `node -e "setInterval(() => {}, 1000)"`, "tool", "greet"], /no answer within 500 ms while connecting \(--timeout\)/],
      ["a malformed answers file", () => {
        const f = join(dir, "bad-answers.json");
        writeFileSync(f, JSON.stringify([{ name: "half an answer" }]));
        return ["call", "--embedded", "--answers", f, "tool", "greet"];
      }, /answers file .*bad-answers\.json: answers\[0\]\.server: expected the server.s name/],
      ["a missing answers file", () => ["call", "--embedded", "--answers", join(dir, "nope.json"), "tool", "greet"], /answers file .*nope\.json: no such file/],
      ["a malformed session file", () => {
        const f = join(dir, "bad-session.json");
        writeFileSync(f, "{ not json");
        return ["replay", f];
      }, /session file .*bad-session\.json: not JSON/],
      ["a file that is not a session", () => {
        const f = join(dir, "answers-as-session.json");
        writeFileSync(f, readFileSync(answers));
        return ["replay", f, "--embedded"];
      }, /session file .*answers-as-session\.json: not a presa inspector session/],
      ["a question with no answer (no terminal)", () => ["call", "--url", same.url, "tool", "two-steps"], /no answer for round 1 form "name" \("Name\?"\) of tools\/call two-steps on http:\/\/127\.0\.0\.1:\d+\/mcp: add it to --answers/],
      ["an unknown option", () => ["call", "--embeded", "tool", "greet"], /Unknown option '--embeded' \(see --help\)/],
      ["two targets", () => ["call", "--embedded", "--url", same.url, "tool", "greet"], /give one target: --url, --stdio or --embedded/],
      ["an unterminated quote in --stdio", () => ["call", "--stdio", `node "server.js`, "tool", "greet"], /--stdio: unterminated double quote/],
    ];
    it.each(bad)("%s", async (_name, args, message) => {
      const r = await runCli(await args());
      expect(r.code).toBe(2);
      // Only a call that started prints its rounds so far; a failure before that prints nothing.
      if (!/exits during the call/.test(_name)) expect(r.stdout).toBe("");
      const lines = r.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^presa-inspector: /);
      expect(lines[0]).toMatch(message);
      expect(r.ms).toBeLessThan(15000);
    });
  });
});

// Processes started and stopped per test: generous on a loaded machine (each step still has its own limit).
describe("presa-inspector in a terminal (a real pseudo-terminal through util-linux script)", { timeout: 45000 }, () => {
  it("asks each form field, checks it against the schema, and asks again when it is wrong", async () => {
    const t = new Terminal(["call", "--url", same.url, "tool", "two-steps"]);
    try {
      await t.expect('form "name": Name?');
      await t.expect("[A]ccept / [d]ecline / [c]ancel:");
      t.type("\r");
      await t.expect("name (text");
      t.type("\r"); // required: refused with a reason, asked again
      await t.expect("✗ Name is required");
      await t.expect("name (text");
      t.type("Ada\r");
      await t.expect('form "color": Color?');
      await t.expect("[A]ccept");
      t.type("a\r");
      await t.expect("color (");
      t.type("blue\r");
      await t.expect("Ada likes blue");
      expect(await t.closed).toBe(0);
      expect(t.output).toContain("[terminal]");
    } finally {
      t.kill();
    }
  });

  it("validates numbers, choices and required fields of a richer form", async () => {
    const t = new Terminal(["call", "--embedded", "--format", "json", "tool", "survey"]);
    try {
      await t.expect("[A]ccept");
      t.type("\r");
      const steps: [string, string][] = [
        ["name (", "A\r"],
        ["✗ Your name: at least 2 characters", ""],
        ["name (", "Grace\r"],
        ["email (", "not-an-email\r"],
        ["✗ Email: must be an email address", ""],
        ["email (", "grace@example.com\r"],
        ["website (", "\r"],
        ["since (", "\r"],
        ["age (", "12\r"],
        ["✗ Age: must be at least 13", ""],
        ["age (", "36\r"],
        ["rating (", "\r"],
        ["newsletter (", "y\r"],
        ["editor (", "9\r"],
        ["✗ Editor: pick a number from 1 to 4", ""],
        ["editor (", "1\r"],
        ["color (", "2\r"],
        ["languages (", "1,3\r"],
        ["transports (", "\r"],
      ];
      for (const [prompt, keys] of steps) {
        await t.expect(prompt);
        if (keys) t.type(keys);
      }
      expect(await t.closed).toBe(0);
      const json = t.output.slice(t.output.indexOf("{"));
      expect(json).toContain('"structuredContent"');
      const content = JSON.parse(json.slice(0, json.lastIndexOf("}") + 1).replace(/\r/g, "")).result.structuredContent;
      expect(content).toEqual({ name: "Grace", email: "grace@example.com", age: 36, rating: 4, newsletter: true, editor: "vim", color: "#00AA00", languages: ["TypeScript", "Rust"], transports: ["http"] });
    } finally {
      t.kill();
    }
  });

  it("prints a URL request with its warnings and never opens it", async () => {
    const t = new Terminal(["call", "--embedded", "tool", "risky-link", "kind=metadata"]);
    try {
      await t.expect("URL (not opened; open it yourself if you trust it): http://169.254.169.254/latest/meta-data/");
      await t.expect("⚠ not encrypted (http:, not https:)");
      await t.expect("⚠ the host 169.254.169.254 is a cloud metadata service");
      await t.expect("Done with the page? [A]ccept / [d]ecline / [c]ancel:");
      t.type("d\r");
      expect(await t.closed).toBe(0);
      expect(t.output).toMatch(/link: url: Open this metadata link to continue\. → \{"action":"decline"\} \[terminal\]/);
    } finally {
      t.kill();
    }
  });

  it("shows a sampling request and sends the reply typed as the model's; --root answers roots/list without asking", async () => {
    const t = new Terminal(["call", "--embedded", "--revision", "2025-11-25", "tool", "summarize", "text=MCP lets a server ask its client"]);
    try {
      await t.expect("system: You are a concise assistant.");
      await t.expect("user: Summarize in one sentence:");
      await t.expect("Reply as the model (empty line refuses):");
      t.type("Servers can ask.\r");
      await t.expect("Summary from presa-inspector-cli (typed): Servers can ask.");
      expect(await t.closed).toBe(0);
    } finally {
      t.kill();
    }
    const roots = await runCli(["call", "--embedded", "--root", "file:///work/a", "--root", "file:///work/b", "tool", "list-workspace"]);
    expect(roots.code).toBe(0);
    expect(roots.stdout).toContain("The client shares 2 root(s)");
    expect(roots.stdout).toContain("[--root]");
  });

  it.each([
    ["at a prompt", "greet", [], ""],
    ["during a long call", "countdown", ["steps=20", "delayMs=5000"], ""],
    ["while still connecting", "greet", [], "sleep 30; "],
  ])("Ctrl-C %s stops the CLI and the stdio server's whole process group", async (when, tool, args, before) => {
    const marker = `presa-ctrl-c-${process.pid}-${Date.now()}`;
    // The server starts a process of its own first, as servers do (a helper, a language server):
    // it must go too, so the CLI stops the whole process group, not just the pid it spawned.
    const stdio = `sh -c 'node -e "setInterval(() => {}, 1000)" grandchild-${marker} & ${before}exec ${DEMO_STDIO} --state-secret ${marker}'`;
    const t = new Terminal(["call", "--stdio", stdio, "tool", tool, ...args]);
    try {
      const grandchild = `^node -e .*grandchild-${marker}`;
      if (when === "at a prompt") await t.expect("[A]ccept");
      if (when === "while still connecting") {
        for (let i = 0; i < 100 && processesWith(grandchild).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      } else {
        // The server itself: its command line starts as DEMO_STDIO does (the CLI's and script's hold the marker too).
        const server = `${DEMO_STDIO_PROCESS} .*${marker}`;
        for (let i = 0; i < 100 && processesWith(server).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
        if (tool === "countdown") await new Promise((r) => setTimeout(r, 1500)); // the call is (most likely) under way
        expect(processesWith(server)).toHaveLength(1);
      }
      expect(processesWith(grandchild)).toHaveLength(1);
      t.type("\u0003");
      await t.expect("interrupted (Ctrl-C)");
      expect(await t.closed).toBe(130);
      expect(await gone(marker)).toEqual([]); // the server, what it started, the CLI and script: all gone
    } finally {
      t.kill();
    }
  });
});
