import { McpError } from "../errors";
import { MAX_FRAME_LENGTH, formatSize } from "../jsonrpc/limits";

/**
 * Reads an HTTP body as UTF-8 text, but stops once it passes `cap` characters: a hostile server's
 * endless or enormous body must not be buffered whole. Over the cap it rejects with a
 * `transport` error (reason badFrame "tooLarge") and cancels the rest of the body.
 */
export function readCappedText(response: Response, what: string, cap: number = MAX_FRAME_LENGTH): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  // A declared length under the cap bounds the body (fetch fails a body longer than it says), so
  // the one-call read is safe; it is also much faster than a chunk loop on every small answer, and
  // handed back as it is (no async layer of ours), since it is every answer's path.
  if (Number.isFinite(declared) && declared <= cap && response.body) return response.text();
  return readChunked(response, what, cap, declared);
}

async function readChunked(response: Response, what: string, cap: number, declared: number): Promise<string> {
  if (Number.isFinite(declared) && declared > cap * 3) {
    // UTF-8 spends at most 3 bytes per UTF-16 unit, so this many bytes cannot fit: refuse unread.
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(response, what, cap, declared, declared);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > cap) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(response, what, cap, declared, text.length);
      }
    }
    text += decoder.decode();
  } finally {
    reader.releaseLock();
  }
  if (text.length > cap) throw tooLarge(response, what, cap, declared, text.length);
  return text;
}

function tooLarge(response: Response, what: string, cap: number, declared: number, seen: number): McpError {
  return new McpError({
    kind: "transport",
    status: response.status,
    message: `${what}: the answer is ${Number.isFinite(declared) ? formatSize(declared) : `over ${formatSize(seen)}`}, over the ${formatSize(cap)} cap; it was not read`,
    reason: { type: "badFrame", problem: "tooLarge" },
  });
}
