import { spawn as nodeSpawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from "node:child_process";
import { randomUUID } from "node:crypto";
import { LineSplitter, BRIDGE_EVENTS, type ExitInfo, type SpawnSpec, type SpawnedSession } from "../core";

/** One event for the page's SSE stream; `data` is already JSON. */
export interface SessionEvent {
  type: (typeof BRIDGE_EVENTS)[keyof typeof BRIDGE_EVENTS];
  data: string;
}

export type SpawnFn = (command: string, args: readonly string[], options: SpawnOptionsWithoutStdio) => ChildProcessWithoutNullStreams;

/**
 * The bridge's environment variables a spawned server inherits; everything else must be given in
 * the spec, so secrets in the bridge's environment do not leak into servers (the MCP SDK's
 * `getDefaultEnvironment` makes the same choice).
 */
export const INHERITED_ENV =
  process.platform === "win32"
    ? ["APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PATHEXT", "PROCESSOR_ARCHITECTURE", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TMP", "USERNAME", "USERPROFILE", "PROGRAMFILES"]
    : ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "TMPDIR"];

/** The inherited part of a child's environment: the listed names that are set (shell functions skipped). */
export function inheritedEnv(source: NodeJS.ProcessEnv = process.env, names: readonly string[] = INHERITED_ENV): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && !value.startsWith("()")) env[name] = value;
  }
  return env;
}

/** Grace periods of the stdio shutdown (spec "stdio": close stdin, wait, SIGTERM, wait, SIGKILL). */
export const STOP_GRACE_MS = 2000;
/** Lines of stderr an exit reports. */
export const STDERR_TAIL = 50;
/** Events kept while no page is listening; older ones are dropped past this. */
export const BACKLOG_MAX = 5000;
const STDERR_LINE_MAX = 8192;
/** After the process exits, how long its pipes may stay open (held by a child it started) before the exit is reported. */
const EXIT_PIPE_GRACE_MS = 1000;

export interface StartOptions {
  spawn?: SpawnFn;
  /** The environment a spec's `env` is added to. */
  baseEnv: Record<string, string>;
  /** The working directory when the spec names none. */
  cwd: string;
}

/**
 * One spawned stdio server: stdout lines and stderr lines become events, kept in a backlog until
 * the page's stream is attached (the process may speak before the page listens), then delivered
 * live. One listener at a time. The process runs in its own process group, so stopping it also
 * stops what it started (`npx`, `tsx` and shells start children).
 */
export class StdioSession {
  readonly id = randomUUID();
  readonly spec: SpawnSpec & { cwd: string };
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #backlog: SessionEvent[] = [];
  readonly #stderrTail: string[] = [];
  readonly #exitListeners = new Set<(exit: ExitInfo) => void>();
  #listener: ((event: SessionEvent) => void) | undefined;
  #exit: ExitInfo | undefined;
  #exited: Promise<void>;

  private constructor(child: ChildProcessWithoutNullStreams, spec: SpawnSpec & { cwd: string }) {
    this.#child = child;
    this.spec = spec;
    this.#exited = new Promise((resolve) => this.#exitListeners.add(() => resolve()));
    const out = new LineSplitter();
    const err = new LineSplitter(STDERR_LINE_MAX);
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      for (const line of out.push(chunk)) this.#emit({ type: BRIDGE_EVENTS.stdout, data: JSON.stringify(line.text) });
    });
    child.stderr.on("data", (chunk: string) => {
      for (const line of err.push(chunk)) this.#stderr(line.truncated ? `${line.text}…` : line.text);
    });
    // A dead pipe must never take the bridge down with it.
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on("error", () => undefined);
    // After a successful spawn an `error` is a failed kill or write, not an exit: the exit events tell.
    child.on("error", () => undefined);
    // `close` waits for the pipes; a grandchild holding them open must not hide the exit for long.
    child.on("exit", (code, signal) => {
      setTimeout(() => this.#finish({ code, signal }), EXIT_PIPE_GRACE_MS).unref();
    });
    child.on("close", (code, signal) => {
      for (const line of out.flush()) this.#emit({ type: BRIDGE_EVENTS.stdout, data: JSON.stringify(line.text) });
      for (const line of err.flush()) this.#stderr(line.text);
      this.#finish({ code, signal });
    });
  }

  /** Spawns exactly `spec` (no shell); resolves once the process runs, rejects when it cannot start. */
  static start(spec: SpawnSpec, options: StartOptions): Promise<StdioSession> {
    const cwd = spec.cwd ?? options.cwd;
    const env = { ...options.baseEnv, ...spec.env };
    const spawn = options.spawn ?? (nodeSpawn as SpawnFn);
    return new Promise((resolve, reject) => {
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawn(spec.command, spec.args, { cwd, env, shell: false, windowsHide: true, detached: process.platform !== "win32" });
      } catch (error) {
        return reject(error);
      }
      const onError = (error: Error): void => reject(error);
      child.once("error", onError);
      child.once("spawn", () => {
        child.off("error", onError);
        resolve(new StdioSession(child, { ...spec, cwd }));
      });
    });
  }

  get pid(): number {
    return this.#child.pid ?? -1;
  }

  get exit(): ExitInfo | undefined {
    return this.#exit;
  }

  get attached(): boolean {
    return this.#listener !== undefined;
  }

  describe(): SpawnedSession {
    return { id: this.id, pid: this.pid, spec: this.spec };
  }

  /** Attaches the page's stream: the backlog first, then live events. Undefined when one is attached. */
  attach(listener: (event: SessionEvent) => void): (() => void) | undefined {
    if (this.#listener) return undefined;
    this.#listener = listener;
    for (const event of this.#backlog.splice(0)) listener(event);
    return () => {
      if (this.#listener === listener) this.#listener = undefined;
    };
  }

  onExit(listener: (exit: ExitInfo) => void): () => void {
    if (this.#exit) {
      listener(this.#exit);
      return () => undefined;
    }
    this.#exitListeners.add(listener);
    return () => this.#exitListeners.delete(listener);
  }

  /** Writes one message line to stdin. */
  write(line: string): Promise<void> {
    if (this.#exit || !this.#child.stdin.writable) return Promise.reject(new Error("the process has exited"));
    return new Promise((resolve, reject) => {
      this.#child.stdin.write(`${line}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Stops the process: stdin closed first, then SIGTERM, then SIGKILL, each after a grace period. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.#exit) return;
    this.#child.stdin.end();
    if (await this.#exitedWithin(graceMs)) return;
    this.#signal("SIGTERM");
    if (await this.#exitedWithin(graceMs)) return;
    this.#signal("SIGKILL");
    await this.#exitedWithin(graceMs);
  }

  #exitedWithin(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.#exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  #signal(signal: NodeJS.Signals): void {
    const pid = this.#child.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === "win32") this.#child.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      this.#child.kill(signal);
    }
  }

  #stderr(line: string): void {
    this.#stderrTail.push(line);
    if (this.#stderrTail.length > STDERR_TAIL) this.#stderrTail.shift();
    this.#emit({ type: BRIDGE_EVENTS.stderr, data: JSON.stringify(line) });
  }

  #emit(event: SessionEvent): void {
    if (this.#listener) return this.#listener(event);
    this.#backlog.push(event);
    if (this.#backlog.length > BACKLOG_MAX) this.#backlog.shift();
  }

  #finish(partial: Omit<ExitInfo, "stderrTail">): void {
    if (this.#exit) return;
    const exit: ExitInfo = { ...partial, stderrTail: [...this.#stderrTail] };
    this.#exit = exit;
    // What the server started and left behind goes with it.
    if (process.platform !== "win32" && this.#child.pid !== undefined) {
      try {
        process.kill(-this.#child.pid, "SIGTERM");
      } catch {
        // no group left: the usual case
      }
    }
    this.#emit({ type: BRIDGE_EVENTS.exit, data: JSON.stringify(exit) });
    for (const listener of [...this.#exitListeners]) listener(exit);
    this.#exitListeners.clear();
  }
}
