// Helpers for tests that run the real `presa-inspector` as a process: the bundle built once, the demo
// servers started on free ports (HTTP) or named as stdio commands, and the CLI run with a pipe or
// inside a pseudo-terminal (util-linux `script`).
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { Client, StreamableHttpTransport, type ElicitResult, type InputContext } from "../../src/core";
import { exportAnswers, exportSession, recordCall, type CallRecord, type CannedAnswer } from "../../src/core/recording";
import { START_CEILING_MS } from "./ceilings";
import { built, nodeArgs } from "./entries";

export const ROOT = resolve(import.meta.dirname, "../..");
export const BIN = join(ROOT, "bin/presa-inspector.mjs");
/** The demo server over stdio, as a user would name it to --stdio (its bundle: see entries.ts). */
export const DEMO_STDIO = `node ${built("bin/demo-stdio.ts")}`;
/** A pattern for that server's process in the process table (the CLI's own command line names it too, after the CLI's path). */
export const DEMO_STDIO_PROCESS = "^node \\S*demo-stdio\\.mjs";

/** Builds the bundle the launcher starts, exactly as `npm run build:cli` does. */
export async function buildCli(): Promise<void> {
  const pkg = (await import("../../package.json", { with: { type: "json" } })).default as { scripts: Record<string, string> };
  const script = pkg.scripts["build:cli"] ?? "";
  const outfile = /--outfile=(\S+)/.exec(script)?.[1] ?? "dist-cli/presa-inspector.mjs";
  await build({ entryPoints: [join(ROOT, "src/cli/index.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: join(ROOT, outfile), logLevel: "warning" });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "presa-cli-test-"));
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the CLI with pipes (no terminal); fails the test rather than hang. */
export function runCli(args: string[], options: { timeoutMs?: number; input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], ...(options.env ? { env: options.env } : {}) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`presa-inspector ${args.join(" ")} did not finish within ${options.timeoutMs ?? START_CEILING_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? START_CEILING_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(options.input ?? "");
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** `bin/demo-server.ts` on a free port (port 0), stopped by the caller. */
export function startDemoServer(extra: string[] = []): Promise<RunningServer> {
  return new Promise((resolvePromise, reject) => {
    const [node, entry] = nodeArgs("bin/demo-server.ts");
    const child = spawn(node, [entry, "--port", "0", ...extra], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`demo server did not start in ${START_CEILING_MS} ms: ${out}`));
    }, START_CEILING_MS);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolvePromise({
        url: m[1] as string,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("close", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.stderr.on("data", (d: Buffer) => void (out += d.toString()));
    child.once("error", reject);
  });
}

/** Canned answers as the app saves them (server, target, key or question, kind, response). */
export function adaAnswers(): CannedAnswer[] {
  const form = (name: string, target: string, key: string | undefined, question: string, content: Record<string, string>): CannedAnswer => ({
    id: `canned-${name}`,
    name,
    server: "presa-demo",
    target,
    key,
    question,
    kind: "form",
    response: { action: "accept", content },
    savedAt: 1,
  });
  return [
    form("Ada", "tools/call greet", "who", "form: Who should I greet?", { name: "Ada" }),
    form("Ada's name", "tools/call two-steps", "name", "form: Name?", { name: "Ada" }),
    form("blue", "tools/call two-steps", "color", "form: Color?", { color: "blue" }),
  ];
}

export function writeAnswers(dir: string, answers: CannedAnswer[] = adaAnswers()): string {
  const file = join(dir, "answers.json");
  writeFileSync(file, JSON.stringify(exportAnswers(answers), null, 2));
  return file;
}

const TYPED: Record<string, Record<string, string>> = { "Name?": { name: "Ada" }, "Color?": { color: "blue" }, "Who should I greet?": { name: "Ada" } };

/**
 * A session as the app records and exports it (the same exportSession the app's Export uses):
 * greet and two-steps run over HTTP on `url`, answered as a person would have, tokens redacted.
 */
export async function recordSession(dir: string, url: string, revision: string): Promise<string> {
  const answer = (params: { message?: unknown }, _ctx: InputContext): ElicitResult => ({ action: "accept", content: TYPED[String(params.message)] ?? {} });
  const c = new Client(new StreamableHttpTransport(url), { versions: [revision], handlers: { "elicitation/create": answer } });
  await c.open();
  const calls: CallRecord[] = [];
  try {
    for (const name of ["greet", "two-steps"]) {
      const r = await recordCall(c.startCall("tools/call", { name, arguments: {} }), 1, c.revision);
      if (r) calls.push(r);
    }
  } finally {
    await c.close();
  }
  const settings = { target: { kind: "url", url, headers: [] }, revision, capabilities: { elicitationForm: "handled", elicitationUrl: "handled", sampling: "handled", roots: "handled" } };
  const file = join(dir, `session-${revision}.json`);
  writeFileSync(file, JSON.stringify(exportSession({ connection: { settings, revision, era: c.era, serverInfo: c.serverInfo }, calls, frames: [], marks: {} }, { keepTokens: false }), null, 2));
  return file;
}

/**
 * The CLI inside a real pseudo-terminal (`script` from util-linux): stdin is a TTY, so it prompts.
 * `expect` waits for text on the terminal; `type` sends keystrokes.
 */
export class Terminal {
  readonly child: ChildProcessWithoutNullStreams;
  output = "";
  readonly closed: Promise<number | null>;
  #seen = 0;

  constructor(args: string[]) {
    const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    this.child = spawn("script", ["-qfec", command, "/dev/null"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, TERM: "dumb" } });
    this.child.stdout.on("data", (d: Buffer) => void (this.output += d.toString()));
    this.child.stderr.on("data", (d: Buffer) => void (this.output += d.toString()));
    this.closed = new Promise((r) => this.child.on("close", (code) => r(code)));
  }

  /** Waits until `text` appears after what earlier expects matched. */
  async expect(text: string | RegExp, timeoutMs = 15000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rest = this.output.slice(this.#seen);
      const m = typeof text === "string" ? (rest.includes(text) ? { index: rest.indexOf(text), length: text.length } : undefined) : (() => {
        const r = text.exec(rest);
        return r ? { index: r.index, length: r[0].length } : undefined;
      })();
      if (m) {
        this.#seen += m.index + m.length;
        return;
      }
      if (Date.now() > deadline) throw new Error(`terminal never showed ${String(text)}; it shows:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  type(text: string): void {
    this.child.stdin.write(text);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

/** Processes whose command line matches `pattern` (a pgrep -f regex), to check a spawned server is gone. */
export function processesWith(pattern: string): string[] {
  try {
    return execFileSync("pgrep", ["-f", pattern], { encoding: "utf8" }).split("\n").filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * Waits (up to 10 s: a loaded machine schedules a dying process late) until nothing matches
 * `pattern`; returns what is left, each with its state and command line, for the failure message.
 */
export async function gone(pattern: string): Promise<string[]> {
  for (let i = 0; i < 100 && processesWith(pattern).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return processesWith(pattern).map((pid) => {
    try {
      return execFileSync("ps", ["-o", "pid=,stat=,args=", "-p", pid], { encoding: "utf8" }).trim();
    } catch {
      return pid; // it went while we looked
    }
  }).filter((line) => !/^\d+$/.test(line));
}
