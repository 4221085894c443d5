import type { SpawnSpec } from "../core";
import { StdioSession, type SessionEvent, type StartOptions } from "./stdioSession";

/** Live sessions at once; one inspector page needs one, a few tabs a few. */
export const MAX_SESSIONS = 16;
/** A session nobody reads for this long is stopped: the page went away without saying so. */
export const ORPHAN_MS = 30_000;

export type Started = { ok: true; session: StdioSession } | { ok: false; status: 422 | 429; reason: string };

/**
 * The bridge's sessions by id. Counts every spawn, so tests can assert that a refused request
 * spawned nothing; stops sessions that no page has read for {@link ORPHAN_MS}.
 */
export class SessionRegistry {
  readonly #sessions = new Map<string, StdioSession>();
  readonly #orphanTimers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #options: StartOptions;
  readonly #orphanMs: number;
  /** How many processes this bridge has spawned since it started. */
  spawned = 0;

  constructor(options: StartOptions, orphanMs = ORPHAN_MS) {
    this.#options = options;
    this.#orphanMs = orphanMs;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): StdioSession | undefined {
    return this.#sessions.get(id);
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
    return { ok: true, session };
  }

  /** Attaches the page's stream; the orphan timer runs whenever none is attached. */
  attach(id: string, listener: (event: SessionEvent) => void): (() => void) | undefined {
    const session = this.#sessions.get(id);
    const detach = session?.attach(listener);
    if (!detach) return undefined;
    this.#unwatch(id);
    return () => {
      detach();
      if (this.#sessions.has(id)) this.#watch(id);
    };
  }

  async stop(id: string): Promise<void> {
    const session = this.#sessions.get(id);
    if (!session) return;
    this.#unwatch(id);
    this.#sessions.delete(id);
    await session.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.stop(id)));
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
