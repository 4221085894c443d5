import { createParser, type EventSourceMessage, type ParseError } from "eventsource-parser";

/** What reading one SSE body reports (WHATWG HTML "Server-sent events"); `:` comments are dropped. */
export interface SseHandlers {
  onEvent(event: EventSourceMessage): void;
  /** The stream's `retry:` field, the reconnection delay SEP-1699 tells the client to honour. */
  onRetry?(ms: number): void;
  /** A malformed line (bad `retry`, unknown field); reading goes on. */
  onParseError?(error: ParseError): void;
  /** Stops reading (the body is cancelled) when aborted: a body whose fetch had no signal of its own. */
  signal?: AbortSignal;
}

/** Cap on buffered text for one event, so a stream that never ends an event cannot grow without bound. */
export const SSE_MAX_BUFFER = 16 * 1024 * 1024;

/**
 * Reads an SSE body to its end through eventsource-parser, decoding UTF-8 across chunk borders.
 * Resolves on a clean end of stream; rejects when reading fails (network drop, abort of the fetch),
 * so the caller can tell a server that closed from a connection that broke. An abort through
 * `handlers.signal` cancels the body and resolves: the caller asked for it and checks its signal.
 */
export async function readSse(body: ReadableStream<Uint8Array>, handlers: SseHandlers): Promise<void> {
  const parser = createParser({
    onEvent: (event) => handlers.onEvent(event),
    onRetry: (ms) => handlers.onRetry?.(ms),
    onError: (error) => handlers.onParseError?.(error),
    maxBufferSize: SSE_MAX_BUFFER,
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const stop = (): void => void reader.cancel(handlers.signal?.reason).catch(() => undefined);
  if (handlers.signal?.aborted) stop();
  handlers.signal?.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    // An event not closed by a blank line before the end is discarded, as the SSE spec says.
    const tail = decoder.decode();
    if (tail !== "") parser.feed(tail);
  } catch (error) {
    // Stop the body so the connection is let go; a body that already failed rejects this too, and
    // the error that matters is the one rethrown here.
    reader.cancel(error).catch(() => undefined);
    throw error;
  } finally {
    handlers.signal?.removeEventListener("abort", stop);
    reader.releaseLock();
  }
}
