import type { InputMethod, Era, ClientCapabilities, Implementation, InputResponses, JsonValue } from "../core/protocol";
import type { HandlerContext, LogLevel, SessionView } from "./definitions";

/**
 * A request's cancellation, whose AbortSignal is made on first use: most handlers never read
 * theirs, and making an AbortSignal costs more than the rest of routing a request.
 */
export class LazyAbort {
  #controller: AbortController | undefined;

  get signal(): AbortSignal {
    return (this.#controller ??= new AbortController()).signal;
  }

  abort(): void {
    (this.#controller ??= new AbortController()).abort();
  }
}

/** Where a request's progress and logs go (notifications tied to it, or a task's status). */
export interface RequestNotes {
  progress(progress: number, total?: number, message?: string): Promise<void>;
  log(level: LogLevel, data: JsonValue): Promise<void>;
}

/** What stays the same across the rounds of one request. */
export interface RequestBase {
  method: InputMethod;
  params: Record<string, unknown>;
  caller: string;
  revision: string;
  era: Era;
  clientCapabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  abort: LazyAbort;
  notes: RequestNotes;
  session?: SessionView;
}

/**
 * A handler's context for one round. A class rather than a spread object so that `signal` can stay
 * a getter (see LazyAbort) and every round's context has the same shape.
 */
export class RoundContext implements HandlerContext {
  readonly method: InputMethod;
  readonly params: Record<string, unknown>;
  readonly caller: string;
  readonly revision: string;
  readonly era: Era;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  readonly session: SessionView | undefined;
  readonly #base: RequestBase;
  #progress: HandlerContext["progress"] | undefined;
  #log: HandlerContext["log"] | undefined;

  constructor(
    base: RequestBase,
    readonly inputResponses: InputResponses = {},
    readonly state: JsonValue | undefined = undefined,
  ) {
    this.#base = base;
    this.method = base.method;
    this.params = base.params;
    this.caller = base.caller;
    this.revision = base.revision;
    this.era = base.era;
    this.clientCapabilities = base.clientCapabilities;
    this.clientInfo = base.clientInfo;
    this.session = base.session;
  }

  // `progress` and `log` are handed out bound, so a handler may destructure them; made on first
  // read, since most handlers report neither and a request would pay for two closures.
  get progress(): HandlerContext["progress"] {
    return (this.#progress ??= this.#base.notes.progress.bind(this.#base.notes));
  }

  get log(): HandlerContext["log"] {
    return (this.#log ??= this.#base.notes.log.bind(this.#base.notes));
  }

  get signal(): AbortSignal {
    return this.#base.abort.signal;
  }

  /** The same request's context for a round with these answers. */
  round(inputResponses: InputResponses, state: JsonValue | undefined): RoundContext {
    return new RoundContext(this.#base, inputResponses, state);
  }
}
