/**
 * Argument completion (MCP "Completion", `completion/complete`): suggestions for a prompt argument or
 * a resource template variable, given the value typed so far and the other arguments already filled
 * (`context.arguments`, 2025-06-18 on). The spec defines references to prompts and resource templates
 * only, so tool arguments have no completion. A server's answer is untrusted: values are text only,
 * capped in count and length, and anything else is dropped and counted.
 */
import { McpError } from "../errors";
import type { Clock } from "../jsonrpc/connection";
import type { ServerCapabilities } from "../protocol/types";
import { isObject } from "../util/isObject";

/** What is being completed: a prompt by name, or a resource template by its URI template. */
export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

export interface CompletionQuery {
  ref: CompletionRef;
  /** The argument being typed and its value so far. */
  argument: { name: string; value: string };
  /** The other arguments' values, so a server can narrow one by another (dropped before 2025-06-18). */
  context?: Record<string, string>;
}

/** The suggestions as the client keeps them, after its checks. */
export interface Suggestions {
  values: string[];
  /** The server's `total` when it is a sane count. */
  total: number | undefined;
  hasMore: boolean;
  /** Values the client left out: not text, too long, repeated, or past the cap. */
  dropped: number;
}

/** The spec's own cap is 100 values per response; a value longer than this is not a suggestion anyone types. */
export const COMPLETION_LIMITS = { maxValues: 100, maxLength: 500, maxContextValue: 2_000 } as const;

/** Whether the server declared `completions` (2025-03-26 on): only then is completion/complete sent. */
export function serverCompletes(caps: ServerCapabilities | undefined): boolean {
  return isObject(caps?.completions);
}

// Control characters other than tab, and bidirectional overrides, are removed: a suggestion is shown as text.
const UNSHOWN = /[\u0000-\u0008\u000a-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** Reads a `completion/complete` result (untrusted) into Suggestions, or says in words why it cannot. */
export function readCompletion(result: Record<string, unknown>): Suggestions {
  const completion = result.completion;
  if (!isObject(completion) || !Array.isArray(completion.values)) {
    throw new McpError({ kind: "protocol", reason: { type: "badResult", field: "completion.values" }, message: "the server's completion/complete result has no completion.values list" });
  }
  const values: string[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const raw of completion.values as unknown[]) {
    if (typeof raw !== "string" || raw.length > COMPLETION_LIMITS.maxLength || values.length >= COMPLETION_LIMITS.maxValues) {
      dropped++;
      continue;
    }
    const value = raw.replace(UNSHOWN, "");
    if (value === "" || seen.has(value)) {
      dropped++;
      continue;
    }
    seen.add(value);
    values.push(value);
  }
  const total = typeof completion.total === "number" && Number.isSafeInteger(completion.total) && completion.total >= 0 ? completion.total : undefined;
  return { values, total, hasMore: completion.hasMore === true || dropped > 0, dropped };
}

/** The request's params; `context` goes only where the revision has it and only with text values. */
export function completionParams(query: CompletionQuery, revision: string | undefined): Record<string, unknown> {
  const params: Record<string, unknown> = { ref: { ...query.ref }, argument: { name: query.argument.name, value: query.argument.value } };
  if (query.context && (revision === undefined || revision >= "2025-06-18")) {
    const args: Record<string, string> = {};
    for (const [k, v] of Object.entries(query.context)) {
      if (k !== query.argument.name && typeof v === "string" && v !== "" && v.length <= COMPLETION_LIMITS.maxContextValue) args[k] = v;
    }
    if (Object.keys(args).length > 0) params.context = { arguments: args };
  }
  return params;
}

/** One completion request: the client's `complete`. */
export type CompleteFn = (query: CompletionQuery, signal: AbortSignal) => Promise<Suggestions>;

/**
 * Suggestions as a person types: each keystroke waits `debounceMs` for the next, and a newer query
 * abandons the older one (its request is cancelled, its promise resolves undefined), so suggestions
 * for an old value never replace those of the new one.
 */
export class Completer {
  readonly #complete: CompleteFn;
  readonly #clock: Clock;
  readonly #debounceMs: number;
  #current: { timer: unknown; controller: AbortController; resolve: (s: Suggestions | undefined) => void } | undefined;

  constructor(complete: CompleteFn, options: { clock: Clock; debounceMs?: number }) {
    this.#complete = complete;
    this.#clock = options.clock;
    this.#debounceMs = options.debounceMs ?? 200;
  }

  /** Suggestions for this query, or undefined when a newer query (or cancel) came first. Rejects with the request's error. */
  suggest(query: CompletionQuery): Promise<Suggestions | undefined> {
    this.cancel();
    return new Promise<Suggestions | undefined>((resolve, reject) => {
      const controller = new AbortController();
      const current = { timer: undefined as unknown, controller, resolve };
      current.timer = this.#clock.setTimeout(() => {
        if (controller.signal.aborted) return;
        this.#complete(query, controller.signal).then(
          (s) => {
            if (this.#current === current) this.#current = undefined;
            resolve(controller.signal.aborted ? undefined : s);
          },
          (e: unknown) => {
            if (this.#current === current) this.#current = undefined;
            if (controller.signal.aborted) resolve(undefined);
            else reject(e);
          },
        );
      }, this.#debounceMs);
      this.#current = current;
    });
  }

  /** Abandons the query waiting or in flight (the field lost focus, the form closed). */
  cancel(): void {
    const current = this.#current;
    if (!current) return;
    this.#current = undefined;
    this.#clock.clearTimeout(current.timer);
    current.controller.abort(new McpError({ kind: "cancelled", message: "a newer completion query replaced this one" }));
    current.resolve(undefined);
  }
}
