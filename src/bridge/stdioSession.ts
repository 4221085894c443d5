import { spawn as nodeSpawn, type ChildProcess, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { startWatched } from "../node/watchdog";
import { BRIDGE_EVENTS, type ExitInfo, type SpawnSpec, type SpawnedSession } from "../core";
import { FRAME_LINES, FrameQueue, sseEvent } from "./frameQueue";
import { StdoutSplitter } from "./stdoutSplitter";

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
/**
 * Bytes kept per session while no page reads, or while the page reads slower than the server
 * writes, counted by their true cost (FrameQueue: characters plus what each string, entry and slot
 * costs, so a million empty lines count as what they take): past this the process's stdout and
 * stderr are paused (the server blocks on its next write, as it would on a full pipe), never dropped.
 */
export const BACKLOG_MAX_BYTES = 4 * 1024 * 1024;
/**
 * All sessions' backlogs together: once they hold this much, a session holding more than
 * BACKLOG_MIN_BYTES is paused too. So the most sessions allowed, all unread, hold about 20 MiB and
 * not 64 (and the heap grows to a multiple of what is held before a collection), while a session
 * whose page reads always has BACKLOG_MIN_BYTES of room, whatever the others hold.
 */
export const BACKLOG_TOTAL_BYTES = 16 * 1024 * 1024;
/** What a session may always hold, however full the others are. */
export const BACKLOG_MIN_BYTES = 256 * 1024;

/** Whether a session holding `own` is full while all sessions together hold `total`. */
export function backlogFull(own: number, total: number): boolean {
  return own >= BACKLOG_MAX_BYTES || (own >= BACKLOG_MIN_BYTES && total >= BACKLOG_TOTAL_BYTES);
}
/**
 * Bytes all sessions together read from their servers and hand the page in one turn of the event
 * loop; past this each waits for a later turn, those that waited longest first. So however many
 * sessions run at full speed, a request to the bridge (say `/info`) waits for about this much work
 * (a millisecond or two), not for every session's share, nor for however much a fast page can take.
 */
export const TURN_BYTES = 128 * 1024;

/** The event loop's turns, shared by every session: what this one has spent, and who waits for the next. */
class Turn {
  #spent = 0;
  #scheduled = false;
  #waiting: (() => void)[] = [];

  get over(): boolean {
    return this.#spent >= TURN_BYTES;
  }

  spend(bytes: number): void {
    this.#spent += bytes;
    this.#schedule();
  }

  /** Calls `resume` in a later turn, after those already waiting. */
  wait(resume: () => void): void {
    this.#waiting.push(resume);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // After the poll phase: requests that arrived meanwhile are answered before the next share.
    setImmediate(() => this.#next());
  }

  #next(): void {
    this.#scheduled = false;
    this.#spent = 0;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (let i = 0; i < waiting.length; i++) {
      if (this.over) {
        // The rest keep their place, ahead of any that asked meanwhile.
        this.#waiting = [...waiting.slice(i), ...this.#waiting];
        return this.#schedule();
      }
      (waiting[i] as () => void)();
    }
  }
}

const turn = new Turn();
/** One stdout line, in bytes: a JSON-RPC frame past this is cut (then it is a broken frame) and the page is told. */
export const STDOUT_LINE_MAX = 4 * 1024 * 1024;
/**
 * A stdout line still being written goes on to the page in parts of at least this many bytes (a
 * `stdout-part` event each), so a long result flows through as it is read rather than waiting in
 * the bridge for its last byte. Lines shorter than this go whole, as before.
 */
export const STDOUT_PART_BYTES = FRAME_LINES;
/** One stderr line, in bytes: past this it is cut and ends with "…". */
const STDERR_LINE_MAX = 8192;
const ELLIPSIS = Buffer.from("…", "utf8");
/** After the process exits, how long its pipes may stay open (held by a child it started) before the exit is reported. */
const EXIT_PIPE_GRACE_MS = 1000;

export interface StartOptions {
  spawn?: SpawnFn;
  /** The environment a spec's `env` is added to. */
  baseEnv: Record<string, string>;
  /** The working directory when the spec names none. */
  cwd: string;
  /** Whether a backlog of `own` bytes is full now (the registry counts every session's); default `own >= BACKLOG_MAX_BYTES`. */
  backlogFull?: (own: number) => boolean;
}

/**
 * Receives the output as SSE text, a frame of whole events at a time, as the buffers to write in
 * order (give them to `recycle()` once written); `end` is true on the frame whose last event is the
 * exit. Returns false when it cannot take more now (then it calls `resumeOutput()` once it can).
 */
export type SessionListener = (frame: Buffer[], end: boolean) => boolean | void;

/**
 * One spawned stdio server: stdout lines and stderr lines become events, kept in a backlog until
 * the page's stream is attached (the process may speak before the page listens), then delivered
 * live. One listener at a time. Memory is bounded in bytes: a backlog of at most
 * {@link BACKLOG_MAX_BYTES} (then the process's output is paused until the page reads), one line of
 * at most {@link STDOUT_LINE_MAX} bytes (the rest is cut, and a `notice` event says so).
 *
 * On POSIX the process runs under the watchdog (src/node/watchdog.ts), in its own process group:
 * stopping it also stops what it started (`npx`, `tsx` and shells start children), and if the bridge
 * dies, even by SIGKILL, the watchdog stops the group.
 */
export class StdioSession {
  readonly id = randomUUID();
  readonly spec: SpawnSpec & { cwd: string };
  readonly #child: ChildProcess;
  readonly #pid: number;
  readonly #queue = new FrameQueue();
  readonly #backlogFull: (own: number) => boolean;
  /** The exit event is in the queue: nothing is added after it. */
  #exitQueued = false;
  /** Lines of one chunk of output are being queued: they go to the page together, afterwards. */
  #batching = false;
  /** The last STDERR_TAIL stderr lines, as written (decoded only for the exit). */
  #stderrTail: Buffer[] = [];
  readonly #exitListeners = new Set<(exit: ExitInfo) => void>();
  readonly #processExitListeners = new Set<() => void>();
  #listener: SessionListener | undefined;
  /** The listener said it is full: events queue in the backlog until `resumeOutput()`. */
  #listenerFull = false;
  #paused = false;
  /** Reading waits for a later turn of the event loop: this turn's TURN_BYTES are spent. */
  #yielding = false;
  /** This session waits for a later turn (to read, or to hand the page more). */
  #waitingTurn = false;
  #processExited = false;
  #exit: ExitInfo | undefined;
  #exited: Promise<void>;
  #stopping: Promise<void> | undefined;
  #cutLines = 0;
  /** Stopping: output is read and dropped, only the exit is still reported. */
  #discarding = false;

  private constructor(child: ChildProcess, pid: number, spec: SpawnSpec & { cwd: string }, backlogFull: (own: number) => boolean = (own) => own >= BACKLOG_MAX_BYTES) {
    this.#child = child;
    this.#backlogFull = backlogFull;
    this.#pid = pid;
    this.spec = spec;
    this.#exited = new Promise((resolve) => this.#exitListeners.add(() => resolve()));
    const stdout = child.stdout as Readable;
    const stderr = child.stderr as Readable;
    // Both streams stay bytes: lines are split and sent on as the process wrote them, and only the
    // page decodes them (see frameQueue.ts).
    const out = new StdoutSplitter(STDOUT_LINE_MAX, STDOUT_PART_BYTES);
    const lines = (body: Buffer): void => this.#stdoutLines(body);
    const line = (pieces: Buffer[], cut: boolean): void => (cut ? this.#cutLine(pieces) : this.#stdoutLine(pieces));
    const part = (pieces: Buffer[]): void => this.#stdoutPart(pieces);
    const err = new StdoutSplitter(STDERR_LINE_MAX);
    const errLines = (body: Buffer): void => this.#stderrLines(body);
    const errLine = (pieces: Buffer[], cut: boolean): void => this.#stderrLine(cut ? [...pieces, ELLIPSIS] : pieces);
    stdout.on("data", (chunk: Buffer) => {
      this.#batching = true;
      out.push(chunk, lines, line, part);
      this.#batching = false;
      this.#read(chunk.length);
    });
    stderr.on("data", (chunk: Buffer) => {
      this.#batching = true;
      err.push(chunk, errLines, errLine);
      this.#batching = false;
      this.#read(chunk.length);
    });
    // A dead pipe must never take the bridge down with it.
    for (const stream of child.stdio) stream?.on("error", () => undefined);
    // After a successful spawn an `error` is a failed kill or write, not an exit: the exit events tell.
    child.on("error", () => undefined);
    // `close` waits for the pipes; a grandchild holding them open must not hide the exit for long.
    // While the output is paused the pipes still hold what the page has not read: the exit waits for it.
    child.on("exit", (code, signal) => {
      this.#processExited = true;
      for (const listener of [...this.#processExitListeners]) listener();
      const report = (): void => {
        if (this.#paused || this.#yielding) return void setTimeout(report, EXIT_PIPE_GRACE_MS).unref();
        this.#finish({ code, signal });
      };
      setTimeout(report, EXIT_PIPE_GRACE_MS).unref();
    });
    child.on("close", (code, signal) => {
      out.flush(line);
      err.flush(errLine);
      this.#finish({ code, signal });
    });
  }

  /**
   * Spawns exactly `spec` (no shell); resolves once the process runs, rejects when it cannot start.
   * On POSIX through the watchdog, which answers with the server's pid or the reason it failed.
   */
  static start(spec: SpawnSpec, options: StartOptions): Promise<StdioSession> {
    const cwd = spec.cwd ?? options.cwd;
    const env = { ...options.baseEnv, ...spec.env };
    const session = (child: ChildProcess): StdioSession => new StdioSession(child, child.pid ?? -1, { ...spec, cwd }, options.backlogFull);
    if (options.spawn === undefined && process.platform !== "win32") {
      let watched: ReturnType<typeof startWatched>;
      try {
        watched = startWatched({ command: spec.command, args: spec.args, env, cwd });
      } catch (error) {
        return Promise.reject(error);
      }
      return watched.started.then(() => session(watched.child));
    }
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = (options.spawn ?? (nodeSpawn as SpawnFn))(spec.command, spec.args, { cwd, env, shell: false, windowsHide: true, detached: process.platform !== "win32" });
      } catch (error) {
        return reject(error);
      }
      const onError = (error: Error): void => reject(error);
      child.once("error", onError);
      child.once("spawn", () => {
        child.off("error", onError);
        resolve(session(child));
      });
    });
  }

  /** The process group's id (the watchdog's pid on POSIX, the server's pid elsewhere). */
  get pid(): number {
    return this.#pid;
  }

  get exit(): ExitInfo | undefined {
    return this.#exit;
  }

  /** The process has exited (its output may still be on its way to the page). */
  get processExited(): boolean {
    return this.#processExited;
  }

  get attached(): boolean {
    return this.#listener !== undefined;
  }

  /** Bytes (by true cost) of output waiting for the page. */
  get backlogBytes(): number {
    return this.#queue.bytes;
  }

  /** Whether the process's output is paused because the page is not keeping up. */
  get paused(): boolean {
    return this.#paused;
  }

  describe(): SpawnedSession {
    return { id: this.id, pid: this.pid, spec: this.spec };
  }

  /** Attaches the page's stream: the backlog first, then live events. Undefined when one is attached. */
  attach(listener: SessionListener): (() => void) | undefined {
    if (this.#listener) return undefined;
    this.#listener = listener;
    this.#listenerFull = false;
    this.resumeOutput();
    return () => {
      if (this.#listener === listener) {
        this.#listener = undefined;
        this.#listenerFull = false;
      }
    };
  }

  /** The listener can take more: the backlog goes first, then the process may write again. */
  resumeOutput(): void {
    this.#listenerFull = false;
    this.#pump();
  }

  /**
   * Hands the listener frames while it takes them and this turn's TURN_BYTES last (the rest waits
   * for a later turn); then lets the process write again if there is room.
   */
  #pump(): void {
    while (this.#listener && !this.#listenerFull) {
      if (turn.over) {
        this.#waitTurn();
        break;
      }
      const frame = this.#queue.take();
      if (frame === undefined) break;
      let bytes = 0;
      for (const part of frame) bytes += part.length;
      turn.spend(bytes);
      if (this.#listener(frame, this.#exitQueued && this.#queue.empty) === false) this.#listenerFull = true;
    }
    if (!this.#backlogFull(this.#queue.bytes) && !this.#listenerFull && this.#paused) {
      this.#paused = false;
      this.#flow();
    }
  }

  /** Goes on in a later turn of the event loop: reading again, and handing the page what waits. */
  #waitTurn(): void {
    if (this.#waitingTurn) return;
    this.#waitingTurn = true;
    turn.wait(() => {
      this.#waitingTurn = false;
      if (this.#yielding) {
        this.#yielding = false;
        this.#flow();
      }
      this.#pump();
    });
  }

  /** After a chunk is read: on to the page; once this turn's share is spent, reading waits for a later turn. */
  #read(bytes: number): void {
    turn.spend(bytes);
    this.#pump();
    if (!turn.over || this.#yielding) return;
    this.#yielding = true;
    this.#flow();
    this.#waitTurn();
  }

  /** Reads the process's output unless the backlog is full or reading waits for the next turn. */
  #flow(): void {
    const stdout = this.#child.stdout;
    const stderr = this.#child.stderr;
    if (this.#paused || this.#yielding) {
      stdout?.pause();
      stderr?.pause();
    } else {
      stdout?.resume();
      stderr?.resume();
    }
  }

  onExit(listener: (exit: ExitInfo) => void): () => void {
    if (this.#exit) {
      listener(this.#exit);
      return () => undefined;
    }
    this.#exitListeners.add(listener);
    return () => this.#exitListeners.delete(listener);
  }

  /** Called once the process itself has exited, before its last output is read. */
  onProcessExit(listener: () => void): void {
    if (this.#processExited) return listener();
    this.#processExitListeners.add(listener);
  }

  /** Writes one message line to stdin. */
  write(line: string): Promise<void> {
    const stdin = this.#child.stdin;
    if (this.#exit || this.#processExited || !stdin?.writable) return Promise.reject(new Error("the process has exited"));
    return new Promise((resolve, reject) => {
      stdin.write(`${line}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Stops the process: stdin closed first, then SIGTERM, then SIGKILL to its whole process group, each
   * after a grace period; at most three grace periods in all. Calling it again joins the stop under way.
   */
  stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.#stopping ??= this.#stop(graceMs);
    return this.#stopping;
  }

  async #stop(graceMs: number): Promise<void> {
    if (this.#exit) return;
    // Whatever the page has not read is of no use now: it is dropped, and the output read on (and
    // dropped) so the process is never held on a full pipe and its exit is seen.
    this.#discarding = true;
    this.#queue.clear();
    this.#listenerFull = false;
    if (this.#paused) {
      this.#paused = false;
      this.#flow();
    }
    this.#child.stdin?.end();
    if (!(await this.#exitedWithin(graceMs))) {
      this.#signal("SIGTERM");
      if (!(await this.#exitedWithin(graceMs))) {
        this.#signal("SIGKILL");
        await this.#exitedWithin(graceMs);
      }
    }
    // Even a grandchild holding the pipes open does not keep the stop waiting.
    if (!this.#exit) {
      for (const stream of this.#child.stdio) stream?.destroy();
      this.#finish({ code: this.#child.exitCode, signal: this.#child.signalCode });
    }
  }

  /** How the process ended, once it has and its output is read, or undefined if that takes longer than `ms`. */
  async exitWithin(ms: number): Promise<ExitInfo | undefined> {
    await this.#exitedWithin(ms);
    return this.#exit;
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
    try {
      if (process.platform === "win32") this.#child.kill(signal);
      else process.kill(-this.#pid, signal);
    } catch {
      this.#child.kill(signal);
    }
  }

  /** Complete stdout lines, as written: they wait as they are and become events as they leave. */
  #stdoutLines(body: Buffer): void {
    if (this.#discarding || this.#exitQueued) return;
    this.#queue.pushLines("stdout", body);
    this.#queued();
  }

  /** One stdout line that spanned chunks. */
  #stdoutLine(pieces: Buffer[]): void {
    if (this.#discarding || this.#exitQueued) return;
    this.#queue.pushLine("stdout", pieces);
    this.#queued();
  }

  /** The start of a long stdout line still being written. */
  #stdoutPart(pieces: Buffer[]): void {
    if (this.#discarding || this.#exitQueued) return;
    this.#queue.pushPart(pieces);
    this.#queued();
  }

  /** Complete stderr lines, as written: the same, and the last ones kept for the exit. */
  #stderrLines(body: Buffer): void {
    this.#keepTail(body);
    if (this.#discarding || this.#exitQueued) return;
    this.#queue.pushLines("stderr", body);
    this.#queued();
  }

  #stderrLine(pieces: Buffer[]): void {
    const line = Buffer.concat(pieces);
    this.#keepTail(line);
    if (this.#discarding || this.#exitQueued) return;
    this.#queue.pushLines("stderr", line);
    this.#queued();
  }

  /** Keeps the last STDERR_TAIL of these lines (found from the end: a chunk's thousands of lines cost nothing more), as copies. */
  #keepTail(body: Buffer): void {
    const last: Buffer[] = [];
    let end = body.length;
    for (;;) {
      const newline = end === 0 ? -1 : body.lastIndexOf(10, end - 1);
      // A copy: a view would keep the whole chunk alive.
      last.push(Buffer.from(body.subarray(newline + 1, end)));
      if (newline === -1 || last.length === STDERR_TAIL) break;
      end = newline;
    }
    last.reverse();
    const tail = last.length === STDERR_TAIL ? last : [...this.#stderrTail, ...last];
    this.#stderrTail = tail.length > STDERR_TAIL ? tail.slice(-STDERR_TAIL) : tail;
  }

  #cutLine(pieces: Buffer[]): void {
    if (this.#discarding || this.#exitQueued) return;
    this.#cutLines++;
    this.#notice(`a stdout line longer than ${STDOUT_LINE_MAX} bytes was cut to that length (${this.#cutLines} so far); it reaches the page as a broken frame`);
    this.#queue.pushJsonLine("stdout", pieces);
    this.#queued();
  }

  /** After anything is queued: hand it on if the page takes it, and pause the process once the backlog is full. */
  #queued(): void {
    if (!this.#batching) this.#pump();
    if ((this.#listenerFull || this.#backlogFull(this.#queue.bytes)) && !this.#paused && !this.#exit) {
      this.#paused = true;
      this.#flow();
    }
  }

  #notice(text: string): void {
    this.#emit({ type: BRIDGE_EVENTS.notice, data: JSON.stringify(text) });
  }

  #emit(event: SessionEvent): void {
    if ((this.#discarding && event.type !== BRIDGE_EVENTS.exit) || this.#exitQueued) return;
    const text = sseEvent(event.type, event.data);
    if (event.type === BRIDGE_EVENTS.exit) this.#exitQueued = true;
    this.#queue.push(text);
    // Backpressure (in #queued): the page is not keeping up (or not there), so the process waits on its next write.
    this.#queued();
  }

  #finish(partial: Omit<ExitInfo, "stderrTail">): void {
    if (this.#exit) return;
    const exit: ExitInfo = { ...partial, stderrTail: this.#stderrTail.map((line) => line.toString("utf8", 0, line[line.length - 1] === 13 ? line.length - 1 : line.length)) };
    this.#exit = exit;
    // What the server started and left behind goes with it.
    if (process.platform !== "win32") {
      try {
        process.kill(-this.#pid, "SIGTERM");
      } catch {
        // no group left: the usual case
      }
    }
    this.#emit({ type: BRIDGE_EVENTS.exit, data: JSON.stringify(exit) });
    for (const listener of [...this.#exitListeners]) listener(exit);
    this.#exitListeners.clear();
  }
}
