import type { ServerResponse } from "node:http";
import type { RequestId } from "../../core/protocol";
import { faultText, type WireFault } from "../wireFault";
import { startSse } from "./wire";

/** Writes part of an SSE event and drops the connection mid-event, as a crashed server would. */
export function cutSse(res: ServerResponse, partial: string): void {
  // The write callback fires once the bytes are handed to the socket, so they leave before the drop.
  res.write(`event: message\ndata: ${partial}`, () => res.destroy());
}

/**
 * Honours a fault on a 2026-07-28 POST (wireFault.ts): replaced text as the JSON body (or the last
 * event, when the answer is already a stream), or a stream that stops halfway.
 */
export function writeModernFault(res: ServerResponse, fault: WireFault, id: RequestId, streaming: boolean, cors: Record<string, string>): void {
  const text = faultText(fault, id);
  if (fault.kind === "cut") {
    if (!streaming) startSse(res, cors);
    cutSse(res, text);
    return;
  }
  if (streaming) {
    res.end(`event: message\ndata: ${text}\n\n`);
    return;
  }
  res.writeHead(200, { ...cors, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) }).end(text);
}
