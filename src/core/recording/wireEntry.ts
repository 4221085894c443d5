/**
 * A frame of the wire log as the log keeps it: the text exactly as it crossed the wire, plus the few
 * facts the log's list, filter and search read (direction, kind, method, id, time, size, latency).
 * Not the parsed message: that is re-derived from the text when a frame is opened or exported
 * (entryMessage), so a long log costs about its text (bench: heap per 10,000 frames).
 */
import { isObject, parseFrame, type Frame, type JsonRpcMessage, type RequestId } from "../index";

/** What a frame is: a request, a notification, a response (result or error), or text that did not parse. */
export type FrameKind = "request" | "notification" | "result" | "error" | "broken";

/**
 * One frame of the wire log, numbered, with its connection. Every field is always present (one object
 * shape for the whole log), and the strings own their characters (see ownText).
 */
export interface WireEntry {
  seq: number;
  connectionId: number;
  direction: Frame["direction"];
  kind: FrameKind;
  /** The method sent, or for a response the one it answers; empty when unknown. Cut at METHOD_MAX characters. */
  method: string;
  /** The JSON-RPC id, a string one cut at ID_MAX characters (it is shown, never sent); null for notifications and broken frames. */
  id: RequestId | null;
  /** The frame's text exactly as it crossed the wire. */
  raw: string;
  /** Its size in UTF-8 bytes. */
  size: number;
  at: number;
  /** For responses: time since the request went out, in ms. */
  latencyMs: number | undefined;
  /** Why the frame could not be parsed (broken frames only). */
  error: string | undefined;
  /**
   * For a message between the inspector and an MCP App it renders (postMessage, not the server's
   * wire), the app's label; undefined for the server's frames. "out" is host to app, "in" app to host.
   */
  app: string | undefined;
}

/** The longest method name and string id an entry keeps (the frame's text still has them whole). */
export const METHOD_MAX = 200;
export const ID_MAX = 64;

/**
 * Text longer than this is kept as it came, not copied (ownText): a copy of a multi-megabyte frame
 * would be a long task, and a string that large is most of whatever chunk it was cut from anyway.
 */
const OWN_TEXT_MAX = 1 << 20;

/**
 * A copy of `text` that owns its characters. A transport cuts frames out of larger chunks (lines of a
 * stdio stream, events of an SSE body), and V8 keeps such a substring as a slice that holds its whole
 * parent alive, with the parent's width: a chunk with one non-Latin-1 character is stored two bytes a
 * character, and so is every frame cut from it. A JSON round trip makes a flat string, one byte a
 * character whenever every character fits, with exactly the same characters (lone surrogates too).
 */
export function ownText(text: string): string {
  return text.length > OWN_TEXT_MAX ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** Method names seen, each kept once (a log of 100,000 frames has a few dozen); bounded for servers that invent names. */
const methodNames = new Map<string, string>();
const METHOD_NAMES_MAX = 1000;

function methodText(method: string): string {
  if (method.length > METHOD_MAX) return ownText(method.slice(0, METHOD_MAX));
  const known = methodNames.get(method);
  if (known !== undefined) return known;
  const own = ownText(method);
  if (methodNames.size < METHOD_NAMES_MAX) methodNames.set(own, own);
  return own;
}

function idOf(message: Record<string, unknown>): RequestId | null {
  const id = message.id;
  if (typeof id === "number") return id;
  if (typeof id !== "string") return null;
  return ownText(id.length > ID_MAX ? id.slice(0, ID_MAX) : id);
}

/**
 * The log's entry for a frame: its kind, method and id read from the parsed message (which the entry
 * does not keep), its text copied to own its characters. A frame that did not parse (`error` set, or
 * no message object) is "broken": text, time and size only.
 */
export function toWireEntry(frame: Frame, seq: number, connectionId: number, app?: string): WireEntry {
  const m: unknown = frame.message;
  let kind: FrameKind = "broken";
  let method = frame.method ?? "";
  let id: RequestId | null = null;
  if (isObject(m) && frame.error === undefined) {
    id = idOf(m);
    if (typeof m.method === "string") {
      kind = "id" in m ? "request" : "notification";
      method = m.method;
    } else kind = "error" in m ? "error" : "result";
  }
  return {
    seq,
    connectionId,
    direction: frame.direction,
    kind,
    method: methodText(method),
    id,
    raw: ownText(frame.raw),
    size: frame.size,
    at: frame.at,
    latencyMs: frame.latencyMs,
    error: frame.error,
    app: app === undefined ? undefined : ownText(app.slice(0, METHOD_MAX)),
  };
}

/**
 * The entry's message, parsed again from its text (undefined for a broken frame). Each call parses:
 * a view that shows one frame keeps the result while it shows it.
 */
export function entryMessage(entry: WireEntry): JsonRpcMessage | undefined {
  if (entry.kind === "broken") return undefined;
  const parsed = parseFrame(entry.raw);
  return parsed.ok ? parsed.message : undefined;
}
