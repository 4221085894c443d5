import { McpError } from "../errors";
import { isRequest, type JsonRpcMessage } from "../jsonrpc/messages";
import { META } from "../protocol/meta";
import { eraOf, sendsVersionHeader, type Era } from "../protocol/revisions";
import { isObject } from "../util/isObject";
import { copyOwn } from "../util/copyOwn";
import { encodeHeaderValue, mcpNameOf } from "./headers";

/** Both content types MUST be listed on every POST, in both flavours (spec "Sending Messages"). */
export const ACCEPT_POST = "application/json, text/event-stream";

/** What the header builders read from the transport: pure inputs, so the rules can be read in one place. */
export interface WireState {
  era: Era;
  /** The host's own headers (Authorization…); protocol headers override them. */
  custom: Record<string, string>;
  revision: string | undefined;
  sessionId: string | undefined;
  /** The message being POSTed; absent for GET and DELETE. */
  message?: JsonRpcMessage | undefined;
}

/** The media type of a response without parameters, lower-cased; "" when absent. */
export function contentTypeOf(response: Response): string {
  const value = response.headers.get("content-type");
  // The usual answer, read without splitting and copying it.
  if (value === "application/json" || value === "text/event-stream") return value;
  return (value ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The first characters of a body, flattened, so an HTTP error message shows what the server said. */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat === "" ? "(empty body)" : flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** A name for a message in error messages: its method, or "response" for a reply to the server. */
export function methodOf(message: JsonRpcMessage): string {
  return "method" in message ? message.method : "response";
}

function isInitialize(message: JsonRpcMessage | undefined): boolean {
  return message !== undefined && isRequest(message) && message.method === "initialize";
}

/** The revision a message names itself: `_meta` protocolVersion (SEP-2575), else initialize's `protocolVersion`. */
export function versionNamedBy(message: JsonRpcMessage): string | undefined {
  const params = "params" in message && isObject(message.params) ? message.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta[META.protocolVersion] : undefined;
  if (typeof meta === "string") return meta;
  const offered = isInitialize(message) ? params?.protocolVersion : undefined;
  return typeof offered === "string" ? offered : undefined;
}

/**
 * Which flavour a POST goes out in. initialize is legacy by definition (a dual-era client falls
 * back to it after a probe); otherwise the negotiated revision decides, and before one is set the
 * message's own version (a `server/discover` probe carries `_meta`). No hint at all means legacy.
 */
export function eraFor(message: JsonRpcMessage, revision: string | undefined): Era {
  if (isInitialize(message)) return "legacy";
  const version = revision ?? versionNamedBy(message);
  return version === undefined ? "legacy" : eraOf(version);
}

/**
 * The headers every request of the flavour carries. 2026-07-28: MCP-Protocol-Version equal to the
 * body's `_meta` (else the revision), and never a session. Legacy: the session id once assigned,
 * and MCP-Protocol-Version from 2025-06-18 on, only after initialize.
 */
export function commonHeaders(wire: WireState): Headers {
  const headers = new Headers(wire.custom);
  if (wire.era === "modern") {
    const version = (wire.message && versionNamedBy(wire.message)) ?? wire.revision;
    if (version !== undefined) headers.set("MCP-Protocol-Version", version);
    return headers;
  }
  if (!isInitialize(wire.message) && wire.revision !== undefined && sendsVersionHeader(wire.revision)) {
    headers.set("MCP-Protocol-Version", wire.revision);
  }
  if (wire.sessionId !== undefined) headers.set("Mcp-Session-Id", wire.sessionId);
  return headers;
}

/**
 * The host's own headers as Headers would hold them (names lower-cased, values trimmed, one name
 * once), or undefined when Headers refuses them (postHeaders then says why, on every send).
 */
export function checkedHeaders(custom: Record<string, string>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(new Headers(custom));
  } catch {
    return undefined;
  }
}

/** Visible ASCII only: a value Headers keeps exactly as it is given. */
function isPlainValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) return false;
  }
  return true;
}

/**
 * The headers of `postHeaders`, as the plain record (lower-case names) fetch is given: fetch copies
 * either into its own list, and building a Headers object first cost a POST about as much again
 * (a check and a sort on every `set`). `custom` is the host's headers through `checkedHeaders`.
 * Anything unusual (per-call extra headers, a value that is not plain visible ASCII) takes
 * postHeaders' own path, so what is sent and what is refused stay exactly the same.
 */
export function postHeaderRecord(wire: WireState & { message: JsonRpcMessage }, extra: Record<string, string> | undefined, custom: Record<string, string> | undefined): Record<string, string> {
  const message = wire.message;
  const version = wire.era === "modern" ? (versionNamedBy(message) ?? wire.revision) : !isInitialize(message) && wire.revision !== undefined && sendsVersionHeader(wire.revision) ? wire.revision : undefined;
  const session = wire.era === "legacy" ? wire.sessionId : undefined;
  const method = "method" in message ? message.method : undefined;
  const plain =
    custom !== undefined &&
    (extra === undefined || Object.keys(extra).length === 0) &&
    (version === undefined || isPlainValue(version)) &&
    (session === undefined || isPlainValue(session)) &&
    (method === undefined || isPlainValue(method));
  if (!plain) return Object.fromEntries(postHeaders(wire, extra));
  const headers: Record<string, string> = copyOwn({}, custom);
  if (version !== undefined) headers["mcp-protocol-version"] = version;
  if (session !== undefined) headers["mcp-session-id"] = session;
  headers["content-type"] = "application/json";
  headers.accept = ACCEPT_POST;
  if (method !== undefined) {
    headers["mcp-method"] = method;
    const name = mcpNameOf(message);
    if (name !== undefined) headers["mcp-name"] = encodeHeaderValue(name);
  }
  return headers;
}

/**
 * A POST's headers: common ones, the caller's `Mcp-Param-*` mirrors, content negotiation, and the
 * SEP-2243 `Mcp-Method` / `Mcp-Name` (sent on legacy too: conformance checks them on initialize).
 */
export function postHeaders(wire: WireState & { message: JsonRpcMessage }, extra: Record<string, string> | undefined): Headers {
  try {
    const headers = commonHeaders(wire);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    headers.set("Content-Type", "application/json");
    headers.set("Accept", ACCEPT_POST);
    const message = wire.message;
    if ("method" in message) {
      headers.set("Mcp-Method", message.method);
      const name = mcpNameOf(message);
      if (name !== undefined) headers.set("Mcp-Name", encodeHeaderValue(name));
    }
    return headers;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpError({ kind: "transport", message: `cannot build the request headers: ${reason}`, cause: error });
  }
}
