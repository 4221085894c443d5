import { isRequest, type JsonRpcMessage, eraOf, isObject, paramHeaders, postHeaders, versionNamedBy } from "../../../../core";
import { shellQuote } from "./shellQuote";

export interface CurlInput {
  /** The endpoint; undefined when the server has none (the embedded demo server). */
  url: string | undefined;
  /** The connection's own headers (Authorization…), as the transport gets them. */
  custom: Record<string, string>;
  message: JsonRpcMessage | undefined;
  /** The body exactly as it was sent. */
  raw: string;
  /** For tools/call: the tool's inputSchema, whose `x-mcp-header` arguments are mirrored (SEP-2243). */
  inputSchema?: unknown;
}

export type CurlOutcome = { ok: true; command: string } | { ok: false; reason: string };

/** Protocol headers in the order a reader expects them, with the spec's spelling. */
const PROTOCOL_HEADERS = ["Content-Type", "Accept", "MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"];

/**
 * A 2026-07-28 request as a curl command with the headers and body the HTTP transport sends: the
 * headers come from the transport's own builder (httpHeaders.ts), so they cannot drift from it.
 * Initialize-era requests need a session (initialize, Mcp-Session-Id) and are not offered.
 */
export function curlCommand(input: CurlInput): CurlOutcome {
  const { message } = input;
  if (!message || !isRequest(message)) return { ok: false, reason: "Only requests can be sent again with curl." };
  const version = versionNamedBy(message);
  if (version === undefined || eraOf(version) !== "modern") {
    return { ok: false, reason: "Not a 2026-07-28 request: initialize-era requests only work inside their session (initialize, Mcp-Session-Id), so curl is offered for 2026-07-28 only." };
  }
  if (input.url === undefined) {
    return { ok: false, reason: "The embedded demo server runs inside this page and has no URL. Run it over HTTP (npm run server) and connect to http://127.0.0.1:3939/mcp to copy requests as curl." };
  }
  const args = isObject(message.params) ? message.params.arguments : undefined;
  const extra = message.method === "tools/call" && input.inputSchema !== undefined ? paramHeaders(input.inputSchema, args) : {};
  let headers: Headers;
  try {
    headers = postHeaders({ era: "modern", custom: input.custom, revision: undefined, sessionId: undefined, message }, extra);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  const names = new Map<string, string>();
  for (const name of [...PROTOCOL_HEADERS, ...Object.keys(extra), ...Object.keys(input.custom)]) {
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  const lines = [`curl -X POST ${shellQuote(input.url)}`];
  for (const [lower, name] of names) {
    const value = headers.get(lower);
    if (value !== null) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  lines.push(`--data-raw ${shellQuote(input.raw)}`);
  return { ok: true, command: lines.join(" \\\n  ") };
}
