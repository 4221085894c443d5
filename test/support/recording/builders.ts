/**
 * Small fixture builders for the rounds, step and wire tests: a call record grown event by event,
 * and real presa v1 tokens signed with a known secret, so tests read like the flows they describe.
 */
import { type Frame, McpError, type JsonRpcMessage, type RequestId, type RetryDraft, type Era, type InputRequest, type InputResponse, type InputResponses, type JsonValue, decodeRequestState, macOf } from "../../../src/core";
import { type InputRequests, keyFromSecret, paramsDigest, encodePayloadPart } from "../../../src/core/protocol";
import { toWireEntry, type CallEvent, type CallRecord, type WireEntry } from "../../../src/core/recording";

export const T0 = 1_700_000_000_000;
export const SECRET = "test-secret";

export function elicitRequest(message: string): InputRequest {
  return { method: "elicitation/create", params: { mode: "form", message, requestedSchema: { type: "object", properties: {} } } };
}

export function urlRequest(message: string, url: string): InputRequest {
  return { method: "elicitation/create", params: { mode: "url", message, url } };
}

export function samplingRequest(text: string): InputRequest {
  return { method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text } }], maxTokens: 50 } };
}

export function rootsRequest(): InputRequest {
  return { method: "roots/list", params: {} };
}

export function accept(content: Record<string, string>): InputResponse {
  return { action: "accept", content };
}

export interface TokenOptions {
  method?: string;
  params?: Record<string, unknown>;
  state?: JsonValue;
  iat?: number;
  ttlMs?: number;
  secret?: string;
  caller?: string;
}

/** A presa v1 token as the reference server would sign it. */
export function presaToken(options: TokenOptions = {}): string {
  const iat = options.iat ?? T0;
  const payload = {
    v: 2 as const,
    m: options.method ?? "tools/call",
    d: paramsDigest(options.params ?? { name: "two-steps", arguments: {} }),
    c: options.caller ?? "anonymous",
    iat,
    exp: iat + (options.ttlMs ?? 300_000),
    s: options.state ?? { step: 1 },
  };
  const part = encodePayloadPart(payload);
  return `p2.${part}.${macOf(keyFromSecret(options.secret ?? SECRET), part)}`;
}

/** Builds a CallRecord event by event; times advance by `step` ms per event unless given. */
export class CallBuilder {
  readonly callId: string;
  readonly method: string;
  readonly params: Record<string, unknown>;
  #events: CallEvent[] = [];
  #at: number;
  #status: CallRecord["status"] = "running";
  #result: Record<string, unknown> | undefined;
  #error: McpError | undefined;

  constructor(options: { callId?: string; method?: string; params?: Record<string, unknown>; at?: number } = {}) {
    this.callId = options.callId ?? "call-1";
    this.method = options.method ?? "tools/call";
    this.params = options.params ?? { name: "two-steps", arguments: {} };
    this.#at = options.at ?? T0;
    this.#events.push({ type: "callStarted", callId: this.callId, method: this.method, params: this.params, at: this.#at });
  }

  /** Moves the clock on by `ms` before the next event. */
  wait(ms: number): this {
    this.#at += ms;
    return this;
  }

  round(round: number, inputRequests: InputRequests, requestState?: string, era: Era = "modern", serverRequestId?: RequestId): this {
    const event: CallEvent = {
      type: "roundStarted",
      callId: this.callId,
      round,
      era,
      inputRequests,
      requestState,
      decodedState: requestState === undefined ? undefined : decodeRequestState(requestState),
      at: this.#at,
    };
    if (serverRequestId !== undefined) event.serverRequestId = serverRequestId;
    this.#events.push(event);
    return this;
  }

  asked(round: number, key: string, request: InputRequest): this {
    this.#events.push({ type: "inputRequested", callId: this.callId, round, key, request, at: this.#at });
    return this;
  }

  answered(round: number, key: string, response: InputResponse | undefined, ms = 0, error?: McpError): this {
    const event: CallEvent = { type: "inputAnswered", callId: this.callId, round, key, response, at: this.#at, ms };
    if (error) event.error = error;
    this.#events.push(event);
    return this;
  }

  draft(round: number, inputResponses: InputResponses, requestState?: string, era: Era = "modern"): RetryDraft {
    const draft: RetryDraft = { era, callId: this.callId, method: this.method, round, params: this.params, inputResponses };
    if (requestState !== undefined) draft.requestState = requestState;
    return draft;
  }

  held(round: number, inputResponses: InputResponses, requestState?: string, era: Era = "modern"): this {
    this.#events.push({ type: "retryHeld", callId: this.callId, round, draft: this.draft(round, inputResponses, requestState, era), at: this.#at });
    return this;
  }

  retried(round: number, requestId: RequestId, inputResponses: InputResponses, requestState?: string, edited = false): this {
    const draft = this.draft(round, inputResponses, requestState);
    this.#events.push({ type: "retrySent", callId: this.callId, round, requestId, draft, edited, at: this.#at });
    return this;
  }

  finished(outcome: { result?: Record<string, unknown>; error?: McpError } = { result: { content: [] } }): this {
    const rounds = this.#events.filter((e) => e.type === "roundStarted").length;
    const started = this.#events[0]?.at ?? this.#at;
    const event: CallEvent = { type: "callFinished", callId: this.callId, method: this.method, rounds, at: this.#at, ms: this.#at - started };
    if (outcome.result) event.result = outcome.result;
    if (outcome.error) event.error = outcome.error;
    this.#events.push(event);
    this.#status = outcome.error ? "failed" : "done";
    this.#result = outcome.result;
    this.#error = outcome.error;
    return this;
  }

  build(): CallRecord {
    const record: CallRecord = {
      callId: this.callId,
      connectionId: 1,
      method: this.method,
      target: typeof this.params.name === "string" ? this.params.name : "",
      params: this.params,
      revision: "2026-07-28",
      status: this.#status,
      startedAt: this.#events[0]?.at ?? T0,
      events: [...this.#events],
    };
    if (this.#result) record.result = this.#result;
    if (this.#error) record.error = this.#error;
    return record;
  }
}

export function roundCapError(rounds: number, maxRounds: number): McpError {
  return new McpError({ kind: "tooManyRounds", message: `asked ${rounds} times; the cap is ${maxRounds}`, reason: { type: "roundCap", rounds, maxRounds } });
}

let seq = 0;

/** A frame as a connection emits it, for a parsed message; `over` sets method, latency, error and the like. */
export function wireFrame(direction: Frame["direction"], message: JsonRpcMessage | undefined, over: Partial<Frame> = {}): Frame {
  const raw = over.raw ?? JSON.stringify(message);
  return { direction, message, raw, size: raw.length, at: T0, ...over };
}

/** A wire entry (as the log keeps it) for a parsed message; `over` sets the frame's method, latency, error and the like. */
export function wireEntry(direction: Frame["direction"], message: JsonRpcMessage | undefined, over: Partial<Frame> = {}): WireEntry {
  return toWireEntry(wireFrame(direction, message, over), ++seq, 1);
}

export function requestFrame(id: RequestId, method: string, params: Record<string, unknown> = {}): WireEntry {
  return wireEntry("out", { jsonrpc: "2.0", id, method, params });
}

export function resultFrame(id: RequestId, method: string, result: Record<string, unknown> = {}, latencyMs = 5): WireEntry {
  return wireEntry("in", { jsonrpc: "2.0", id, result }, { method, latencyMs, relatedRequestId: id });
}

export function notificationFrame(method: string, direction: Frame["direction"] = "in"): WireEntry {
  return wireEntry(direction, { jsonrpc: "2.0", method, params: {} });
}

export function brokenFrame(raw: string, error = "Unexpected token"): WireEntry {
  return wireEntry("in", undefined, { raw, error });
}
