import type { SpawnSpec } from "../core";
import { backlogFull, StdioSession, type SessionListener, type StartOptions } from "./stdioSession";

/** Live sessions at once; one inspector page needs one, a few tabs a few. */
export const MAX_SESSIONS = 16;
/** A session nobody reads for this long is stopped: the page went away without saying so. */
export const ORPHAN_MS = 30_000;

/** Exited sessions kept (their last output and exit not yet read) besides the live ones. */
export const MAX_FINISHED = MAX_SESSIONS;

export type Started = { ok: true; session: StdioSession } | { ok: false; status: 422 | 429; reason: string };

/**
 * The bridge's sessions by id. Counts every spawn, so tests can assert that a refused request
 * spawned nothing; stops sessions that no page has read for {@link ORPHAN_MS}. A session whose
 * process exits gives its slot back at once; it stays readable (its last output and its exit) as one
 * of at most {@link MAX_FINISHED} finished sessions, until read, deleted or orphaned.
 */
export class SessionRegistry {
  readonly #sessions = new Map<string, StdioSession>();
  readonly #finished = new Map<string, StdioSession>();
  readonly #orphanTimers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #options: StartOptions;
  readonly #orphanMs: number;
  readonly #stopping = new Set<StdioSession>();
  /** How many processes this bridge has spawned since it started. */
  spawned = 0;

  constructor(options: StartOptions, orphanMs = ORPHAN_MS) {
    // Every session's bound counts what all of them hold (at most MAX_SESSIONS + MAX_FINISHED to add).
    this.#options = { backlogFull: (own) => backlogFull(own, this.#backlogBytes()), ...options };
    this.#orphanMs = orphanMs;
  }

  #backlogBytes(): number {
    let total = 0;
    for (const session of this.#sessions.values()) total += session.backlogBytes;
    for (const session of this.#finished.values()) total += session.backlogBytes;
    return total;
  }

  /** Live sessions: processes running. */
  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): StdioSession | undefined {
    return this.#sessions.get(id) ?? this.#finished.get(id);
  }

  async start(spec: SpawnSpec): Promise<Started> {
    if (this.#sessions.size >= MAX_SESSIONS) return { ok: false, status: 429, reason: `too many sessions (${MAX_SESSIONS}); close one first` };
    let session: StdioSession;
    this.spawned++;
    try {
      session = await StdioSession.start(spec, this.#options);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      const hint = e.code === "ENOENT" ? " (command not found on the bridge's PATH, or the working directory does not exist)" : "";
      return { ok: false, status: 422, reason: `could not start ${JSON.stringify(spec.command)}: ${e.message}${hint}` };
    }
    this.#sessions.set(session.id, session);
    this.#watch(session.id);
    session.onProcessExit(() => {
      if (!this.#sessions.delete(session.id)) return;
      this.#finished.set(session.id, session);
      for (const old of this.#finished.keys()) {
        if (this.#finished.size <= MAX_FINISHED) break;
        this.#forget(old);
      }
    });
    return { ok: true, session };
  }

  /** Attaches the page's stream; the orphan timer runs whenever none is attached. */
  attach(id: string, listener: SessionListener): (() => void) | undefined {
    const session = this.#sessions.get(id);
    const detach = session?.attach(listener);
    if (!detach) return undefined;
    this.#unwatch(id);
    return () => {
      detach();
      // A finished session whose exit has been read is done with.
      if (session?.exit && this.#finished.has(id)) this.#forget(id);
      else if (this.get(id)) this.#watch(id);
    };
  }

  async stop(id: string, graceMs?: number): Promise<void> {
    const session = this.get(id);
    if (!session) return;
    this.#forget(id);
    await this.#stopTracked(session, graceMs);
  }

  #stopTracked(session: StdioSession, graceMs?: number): Promise<void> {
    this.#stopping.add(session);
    return session.stop(graceMs).finally(() => this.#stopping.delete(session));
  }

  /**
   * Stops every session, live or finished, and resolves once all are stopped (each within three grace
   * periods). A second call while the first is under way waits for the same sessions, not for nothing.
   */
  stopAll(graceMs?: number): Promise<void> {
    const all = [...this.#sessions.values(), ...this.#finished.values()];
    for (const session of all) this.#forget(session.id);
    return Promise.all([...all, ...this.#stopping].map((s) => this.#stopTracked(s, graceMs))).then(() => undefined);
  }

  /** Every session still being stopped or alive, for a last SIGKILL when the bridge cannot wait any more. */
  get everyGroup(): number[] {
    return [...this.#sessions.values(), ...this.#finished.values(), ...this.#stopping].filter((s) => !s.exit).map((s) => s.pid);
  }

  #forget(id: string): void {
    this.#unwatch(id);
    this.#sessions.delete(id);
    this.#finished.delete(id);
  }

  #watch(id: string): void {
    this.#unwatch(id);
    const timer = setTimeout(() => void this.stop(id), this.#orphanMs);
    timer.unref();
    this.#orphanTimers.set(id, timer);
  }

  #unwatch(id: string): void {
    const timer = this.#orphanTimers.get(id);
    if (timer) clearTimeout(timer);
    this.#orphanTimers.delete(id);
  }
}
