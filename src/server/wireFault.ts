/**
 * Responses put on the wire wrong, on purpose. The hostile demo server (src/server/hostile) needs
 * faults below the handler level: bytes that are not JSON, results the server itself would refuse to
 * build, a stream that stops halfway. A tool handler returns `wireFault(...)`; every transport glue
 * (serve.ts, http/modern.ts, http/legacy.ts) checks `wireFaultOf` on the response it is about to
 * send and honours it instead. Nothing else in the server ever creates one.
 */
import { McpError, isResultResponse, type JsonRpcMessage, type RequestId, type Transport } from "../core/protocol";

const WIRE_FAULT = Symbol("presa.wireFault");

/** How the response to one request goes wrong. `frame` gets the request's id, so the bytes can name it. */
export type WireFault =
  /** The response frame is replaced by this text, sent as is (never JSON-encoded). */
  | { kind: "replace"; frame: (id: RequestId) => string }
  /** The response starts as a stream, carries the first `keep` characters of the frame, and drops. */
  | { kind: "cut"; frame: (id: RequestId) => string; keep: number };

/**
 * A tool result that carries a fault. It is a valid (empty) CallToolResult, so it flows through the
 * server's result checks untouched; object spreads keep its symbol key.
 */
export interface WireFaultResult {
  readonly [WIRE_FAULT]: WireFault;
  content: [];
}

export function wireFault(fault: WireFault): WireFaultResult {
  return { [WIRE_FAULT]: fault, content: [] };
}

/** The fault a response carries, when its handler returned one; undefined for every ordinary message. */
export function wireFaultOf(message: JsonRpcMessage): WireFault | undefined {
  if (!isResultResponse(message)) return undefined;
  return (message.result as { [WIRE_FAULT]?: WireFault })[WIRE_FAULT];
}

/** The text a fault puts on the wire in place of the response to `id`. */
export function faultText(fault: WireFault, id: RequestId): string {
  const frame = fault.frame(id);
  return fault.kind === "cut" ? frame.slice(0, fault.keep) : frame;
}

type RawSender = { sendRaw?: (raw: string, relatedRequestId?: RequestId) => void };

/**
 * Honours a fault on a message transport (the in-process pair): the text goes out as one frame. A
 * message transport has no stream to cut, so a cut frame is what arrives there: half a frame.
 */
export async function sendFault(transport: Transport, id: RequestId, fault: WireFault): Promise<void> {
  const sendRaw = (transport as RawSender).sendRaw;
  if (typeof sendRaw !== "function") {
    throw new McpError({ kind: "transport", message: `the ${transport.kind} transport cannot send raw frames` });
  }
  sendRaw.call(transport, faultText(fault, id), id);
}
