/**
 * A stdio MCP server spawned by the command line itself (spec "Transports: stdio", both eras): argv
 * run directly with no shell, newline-delimited JSON-RPC on stdin/stdout, stderr kept for error
 * messages. The process gets its own process group so stopping it stops whatever it started too;
 * on POSIX it runs under the watchdog (src/node/watchdog.ts) that stops that group if the CLI dies, even by
 * SIGKILL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { Emitter, LineSplitter, McpError, describeExit, parseFrame, type JsonRpcMessage, type ProcessExit, type SendOptions, type Transport, type TransportCapabilities, type TransportEvent } from "../core";
import { startWatched } from "../node/watchdog";

/** Lines of stderr kept to quote when the process ends. */
const STDERR_TAIL = 20;
/** After SIGTERM, how long the server has before SIGKILL. */
const KILL_GRACE_MS = 2000;
/** After the server is gone (or on Ctrl-C), how long what it started has before SIGKILL. */
const KILL_NOW_GRACE_MS = 300;

export interface SpawnedStdioOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Every stderr line, as it comes (for `--verbose`). */
  onStderr?: (line: string) => void;
}

export class SpawnedStdioTransport implements Transport {
  readonly kind = "stdio" as const;
  readonly capabilities: TransportCapabilities = { paramHeaders: false, abortClosesStream: false, standaloneStream: false, sessions: false };
  readonly argv: readonly string[];
  readonly #child: ChildProcess;
  readonly #events = new Emitter<TransportEvent>();
  readonly #stderrTail: string[] = [];
  #exit: ProcessExit | undefined;
  #closed = false;
  #exited: Promise<void>;

  private constructor(argv: readonly string[], child: ChildProcess, options: SpawnedStdioOptions) {
    this.argv = argv;
    this.#child = child;
    const out = new LineSplitter();
    const err = new LineSplitter();
    child.stdout?.setEncoding("utf8");
    child.stderr?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      for (const line of out.push(chunk)) this.#onLine(line.text);
    });
    child.stderr?.on("data", (chunk: string) => {
      for (const line of err.push(chunk)) {
        this.#stderrTail.push(line.text);
        if (this.#stderrTail.length > STDERR_TAIL) this.#stderrTail.shift();
        options.onStderr?.(line.text);
      }
    });
    // Writing to a process that already died: the exit says why, the EPIPE adds nothing.
    child.stdin?.on("error", () => undefined);
    this.#exited = new Promise((resolve) => {
      const ended = (exit: ProcessExit): void => {
        if (this.#exit) return;
        this.#exit = exit;
        resolve();
        if (!this.#closed) this.#events.emit({ type: "close", reason: describeExit(exit) });
      };
      child.on("error", (e) => ended({ code: null, signal: null, error: e.message, stderrTail: [...this.#stderrTail] }));
      // "close" (not "exit"): stdout has been read to its end, so no last frame is lost.
      child.on("close", (code, signal) => {
        for (const line of out.flush()) this.#onLine(line.text);
        for (const line of err.flush()) this.#stderrTail.push(line.text);
        if (this.#stderrTail.length > STDERR_TAIL) this.#stderrTail.shift();
        ended({ code, signal, stderrTail: [...this.#stderrTail] });
      });
    });
  }

  /**
   * Spawns `argv` (no shell) and resolves once it runs, or rejects with why it could not start. On
   * POSIX through the watchdog, which answers with the server's pid or the reason it failed.
   */
  static spawn(argv: readonly string[], options: SpawnedStdioOptions = {}): Promise<SpawnedStdioTransport> {
    const [command, ...args] = argv;
    if (!command) return Promise.reject(new McpError({ kind: "transport", message: "--stdio needs a command" }));
    const env = options.env ?? process.env;
    const failed = (message: string): McpError => new McpError({ kind: "transport", message: `cannot start ${JSON.stringify(command)}: ${message}` });
    if (process.platform !== "win32") {
      const { child, started } = startWatched({ command, args, env, cwd: options.cwd ?? process.cwd() });
      const transport = new SpawnedStdioTransport(argv, child, options);
      return started.then(
        () => transport,
        (e: Error) => Promise.reject(failed(e.message)),
      );
    }
    const child = spawn(command, args, { cwd: options.cwd, env, shell: false, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    const transport = new SpawnedStdioTransport(argv, child, options);
    return new Promise((resolve, reject) => {
      child.once("error", (e) => reject(failed(e.message)));
      child.once("spawn", () => resolve(transport));
    });
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.#exit;
  }

  get stderrTail(): readonly string[] {
    return this.#stderrTail;
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.#exit || this.#closed) {
      const exit = this.#exit;
      return Promise.reject(new McpError({ kind: "closed", message: exit ? describeExit(exit) : "the stdio transport is closed", ...(exit ? { reason: { type: "exit" as const, exit } } : {}) }));
    }
    const line = `${options.raw ?? JSON.stringify(message)}\n`;
    return new Promise((resolve, reject) => {
      this.#child.stdin?.write(line, (e) => (e ? reject(new McpError({ kind: "transport", message: `writing to the server's stdin: ${e.message}` })) : resolve()));
    });
  }

  #onLine(text: string): void {
    if (this.#closed || text.trim() === "") return;
    const parsed = parseFrame(text);
    if (parsed.ok) this.#events.emit({ type: "message", message: parsed.message, raw: text });
    else this.#events.emit({ type: "error", raw: text, error: new McpError({ kind: "transport", message: `bad frame from server: ${parsed.reason}`, reason: { type: "badFrame", problem: parsed.problem } }) });
  }

  /**
   * Signals the whole process group (the server and anything it started), even after the server
   * itself has exited: what it started may still run, and Linux does not hand out a pid again while
   * it names a live process group.
   */
  #signal(signal: NodeJS.Signals): void {
    const pid = this.#child.pid;
    if (pid === undefined) return;
    try {
      if (process.platform !== "win32") process.kill(-pid, signal);
      else if (!this.#exit) this.#child.kill(signal);
    } catch {
      // the group is gone
    }
  }

  /** Whether any process of the group is left (zombies count too, so this may say yes a little long). */
  #groupLeft(): boolean {
    const pid = this.#child.pid;
    if (pid === undefined || process.platform === "win32") return false;
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Stops the process group at once, synchronously, for Ctrl-C and process exit where nothing async
   * runs any more: SIGTERM, a short wait, then SIGKILL for whatever did not go.
   */
  killNow(): void {
    this.#signal("SIGTERM");
    const nap = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + KILL_NOW_GRACE_MS;
    while (this.#groupLeft() && Date.now() < deadline) Atomics.wait(nap, 0, 0, 10);
    if (this.#groupLeft()) this.#signal("SIGKILL");
  }

  /**
   * Closes stdin (the polite end for a stdio server), then SIGTERM to the group; SIGKILL for the
   * group if the server is not gone within the grace, or if what it started outlives it briefly.
   */
  async close(): Promise<void> {
    if (this.#closed) return this.#exited;
    this.#closed = true;
    this.#child.stdin?.end();
    this.#signal("SIGTERM");
    const timer = setTimeout(() => this.#signal("SIGKILL"), KILL_GRACE_MS);
    try {
      await this.#exited;
      for (let waited = 0; this.#groupLeft() && waited < KILL_NOW_GRACE_MS; waited += 20) await new Promise((r) => setTimeout(r, 20));
      if (this.#groupLeft()) this.#signal("SIGKILL");
    } finally {
      clearTimeout(timer);
      this.#events.emit({ type: "close", reason: "closed" });
      this.#events.clear();
    }
  }
}
