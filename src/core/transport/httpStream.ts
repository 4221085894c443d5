import { McpError, badFrameError } from "../errors";
import { isResponse, parseFrame, type RequestId } from "../jsonrpc/messages";
import { readSse } from "./sse";
import type { TransportEvent } from "./transport";

/** A diagnostic line from the HTTP transport, for the inspector's log; never needed for correctness. */
export interface HttpLogEntry {
  level: "debug" | "warn";
  message: string;
  data?: unknown;
}

/** Wait before reconnecting when the server sent no `retry:` (SEP-1699 leaves it to the client). */
export const DEFAULT_RETRY_MS = 1000;

/** Reconnections in a row that bring no event before a stream is given up. */
export const MAX_RECONNECTS = 3;

/**
 * Turns one frame of wire text into a transport event: a parsed message, or an error that keeps `raw`.
 * `relatedRequestId`: the request whose stream carried it; `unrelated`: it came on a stream tied to
 * no request (the standalone GET stream), so its receiver need not guess (ChannelEvent.unrelated).
 */
export function frameEvent(raw: string, relatedRequestId: RequestId | undefined, unrelated = false): TransportEvent {
  const parsed = parseFrame(raw);
  if (parsed.ok) {
    if (relatedRequestId !== undefined) return { type: "message", message: parsed.message, raw, relatedRequestId };
    return unrelated ? { type: "message", message: parsed.message, raw, unrelated: true } : { type: "message", message: parsed.message, raw };
  }
  const error = badFrameError(`bad frame from server: ${parsed.reason}`, parsed.problem);
  return relatedRequestId === undefined ? { type: "error", raw, error } : { type: "error", raw, error, relatedRequestId };
}

/** The outcome of one reconnection GET. */
export type Reconnected = { ok: true; body: ReadableStream<Uint8Array> } | { ok: false; error: McpError };

/** What reading one SSE stream, and resuming it, needs from the transport that opened it. */
export interface StreamPump {
  /** The POSTed request this stream answers; undefined for the legacy standalone GET stream. */
  requestId: RequestId | undefined;
  /**
   * The standalone GET stream reconnects whenever it ends; a request-less POST stream just stops.
   * What the standalone stream carries is tied to no request, and its events say so.
   */
  standalone: boolean;
  /** Legacy streams resume with GET + Last-Event-ID (2025-11-25 SEP-1699); 2026-07-28 ones cannot. */
  resumable: boolean;
  /** Aborted when the caller cancels or the transport closes: the pump then stops without a word. */
  signal: AbortSignal;
  /** GET with Last-Event-ID; resolves to the new body or the server's refusal, rejects on a network failure. */
  reconnect(lastEventId: string | undefined): Promise<Reconnected>;
  sleep(ms: number): Promise<void>;
  emit(event: TransportEvent): void;
  log(entry: HttpLogEntry): void;
}

/**
 * Reads a response stream to its end, emitting each `data` frame in order. When the stream ends
 * before the response to its request, a resumable one waits `retry` ms and continues on a GET
 * stream from the last event id; otherwise the request gets an `error` event so the caller can
 * fail (or re-issue) it. The standalone stream simply reconnects, as SEP-1699 polling expects.
 */
export async function pumpStream(body: ReadableStream<Uint8Array>, pump: StreamPump): Promise<void> {
  const related = pump.requestId === undefined ? {} : { relatedRequestId: pump.requestId };
  const unrelated = pump.requestId === undefined && pump.standalone;
  const giveUp = (message: string, cause?: unknown): void => {
    pump.emit({ type: "error", error: new McpError({ kind: "transport", message, cause, reason: { type: "streamCut" } }), ...related });
  };
  let lastEventId: string | undefined;
  // The first frame of this stream that could not be read: it may have been the response itself.
  let unreadable: McpError | undefined;
  let retryMs: number | undefined;
  let answered = false;
  let barren = 0;
  let current: ReadableStream<Uint8Array> | undefined = body;
  for (;;) {
    let progressed = false;
    let broke: unknown;
    if (current !== undefined) {
      try {
        await readSse(current, {
          onEvent: (event) => {
            progressed = true;
            // An empty id resets the last event id (SSE spec); no id keeps the previous one.
            if (event.id !== undefined) lastEventId = event.id === "" ? undefined : event.id;
            if (event.event !== undefined && event.event !== "message") {
              pump.log({ level: "warn", message: `ignored SSE event of type ${JSON.stringify(event.event)}`, data: event.data });
              return;
            }
            if (event.data.trim() === "") return; // a priming event: an id (and maybe retry), no message
            const frame = frameEvent(event.data, pump.requestId, unrelated);
            if (frame.type === "message" && isResponse(frame.message) && frame.message.id === pump.requestId) answered = true;
            if (frame.type === "error") unreadable ??= frame.error;
            pump.emit(frame);
          },
          onRetry: (ms) => {
            retryMs = ms;
          },
          onParseError: (error) => pump.log({ level: "warn", message: `SSE: ${error.message}`, data: error.line }),
          signal: pump.signal,
        });
      } catch (error) {
        broke = error;
      }
    }
    if (pump.signal.aborted || answered) return;
    if (pump.requestId === undefined && !pump.standalone) return;
    const how = broke === undefined ? "ended" : "broke";
    if (unreadable !== undefined && pump.requestId !== undefined) {
      // Resuming replays only what came after the unreadable event, so it cannot bring the answer back.
      giveUp(`response stream ${how} without a response, after a frame that could not be read (${unreadable.message})`, broke);
      return;
    }
    if (!pump.resumable) {
      giveUp(`response stream ${how} before the response arrived (2026-07-28 streams cannot resume)`, broke);
      return;
    }
    if (pump.requestId !== undefined && lastEventId === undefined) {
      giveUp(`response stream ${how} before the response arrived, with no event id to resume from`, broke);
      return;
    }
    barren = progressed ? 1 : barren + 1;
    if (barren > MAX_RECONNECTS) {
      giveUp(`gave up resuming the stream after ${MAX_RECONNECTS} reconnections without an event`, broke);
      return;
    }
    const wait = retryMs ?? DEFAULT_RETRY_MS;
    pump.log({ level: "debug", message: `stream ${how}; reconnecting in ${wait} ms`, data: { lastEventId, cause: broke } });
    await pump.sleep(wait);
    if (pump.signal.aborted) return;
    current = undefined;
    try {
      const next = await pump.reconnect(lastEventId);
      if (next.ok) current = next.body;
      else if (next.error.status !== undefined && next.error.status < 500) {
        // A 4xx will not change on retry (405: no GET stream; 404: the session is gone).
        if (!pump.signal.aborted) giveUp(`could not resume the stream: ${next.error.message}`, next.error);
        return;
      } else pump.log({ level: "warn", message: `reconnecting the stream failed: ${next.error.message}` });
    } catch (error) {
      if (pump.signal.aborted) return;
      pump.log({ level: "warn", message: "reconnecting the stream failed", data: error });
    }
  }
}
