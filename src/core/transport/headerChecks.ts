import { eraOf, sendsVersionHeader, type Era } from "../protocol/revisions";
import { isObject } from "../util/isObject";
import { mcpNameSource, paramHeaders } from "./headers";
import type { HttpExchange } from "./httpExchanges";

/**
 * The header checks of the HTTP view: pure derivations over recorded exchanges, in the spec's words.
 * Requests are checked against what the revision requires of a client (a self-check: the inspector's
 * own headers are on trial too); answers against what it requires of a server. Spec references are
 * to "Transports", Streamable HTTP, of the revision the request speaks.
 */

export interface HeaderCheck {
  /** The header checked, as the spec spells it. */
  header: string;
  /** Whose headers: the request we sent, or the server's answer. */
  side: "request" | "response";
  verdict: "pass" | "fail" | "skip";
  /** Why, in words: what was expected, what was there. */
  reason: string;
}

export interface CheckedExchange {
  exchange: HttpExchange;
  /** The protocol flavour the checks applied; undefined for sign-in and bridge hops (no MCP header rules). */
  era: Era | undefined;
  checks: HeaderCheck[];
  /** fail when any check fails; pass when some passed and none failed; none when nothing applied. */
  verdict: "pass" | "fail" | "none";
}

export interface CheckContext {
  /** The revision a connection negotiated (the legacy version header must equal it); undefined when unknown. */
  revisionOf?(connectionId: number): string | undefined;
  /** A listed tool's input schema, for the `Mcp-Param-*` mirrors of its calls; undefined when not known. */
  toolSchema?(name: string): unknown;
}

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/;

/** A header value as the body holds it: the `=?base64?…?=` form decoded (§"Value Encoding"), else as is. */
export function decodeHeaderValue(value: string): string {
  const match = SENTINEL.exec(value);
  if (!match) return value;
  try {
    const binary = atob(match[1]!);
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
}

const show = (value: string | undefined): string => (value === undefined ? "absent" : JSON.stringify(value));

/** One header that must mirror a value of the body (MCP-Protocol-Version, Mcp-Method, Mcp-Name). */
function mirror(header: string, sent: string | undefined, expected: string, what: string, decode: boolean): HeaderCheck {
  if (sent === undefined) return { header, side: "request", verdict: "fail", reason: `missing: 2026-07-28 requires ${header} on this request, equal to ${what} (${JSON.stringify(expected)})` };
  const value = decode ? decodeHeaderValue(sent) : sent;
  if (value === expected) return { header, side: "request", verdict: "pass", reason: `${show(sent)} equals ${what}` };
  return { header, side: "request", verdict: "fail", reason: `${show(sent)} differs from ${what} ${JSON.stringify(expected)}: a server MUST reject this with -32020 (HTTP 400)` };
}

/** What the spec asks of a 2026-07-28 POST and of its answer. */
function modernChecks(exchange: HttpExchange, context: CheckContext): HeaderCheck[] {
  const rpc = exchange.rpc;
  const sent = exchange.requestHeaders;
  const checks: HeaderCheck[] = [];
  if (exchange.method !== "POST" || rpc === undefined) {
    checks.push({ header: "(method)", side: "request", verdict: "fail", reason: `${exchange.method} on 2026-07-28: the transport is POST only (servers answer 405)` });
  } else if (!rpc.request) {
    checks.push({ header: "Mcp-Method", side: "request", verdict: "skip", reason: "not a request: the spec defines no header rules for notification or response POSTs" });
  } else {
    const method = rpc.method ?? "";
    checks.push(mirror("MCP-Protocol-Version", sent["mcp-protocol-version"], rpc.metaVersion ?? "", "the body's _meta protocolVersion", false));
    checks.push(mirror("Mcp-Method", sent["mcp-method"], method, "the body's method", false));
    const source = mcpNameSource(method);
    const name = source === undefined ? undefined : rpc.params?.[source];
    if (typeof name === "string") checks.push(mirror("Mcp-Name", sent["mcp-name"], name, `the body's params.${source}`, true));
    else if (sent["mcp-name"] !== undefined) {
      checks.push({ header: "Mcp-Name", side: "request", verdict: "fail", reason: `${show(sent["mcp-name"])} sent, but ${method} names nothing for it to mirror` });
    }
    if (method === "tools/call") checks.push(...paramChecks(rpc.params, sent, context));
  }
  if (exchange.responseHeaders !== undefined) checks.push(...modernAnswerChecks(exchange));
  return checks;
}

/** `Mcp-Param-*`: exactly the mirrors the tool's `x-mcp-header` annotations ask for (§"Custom Headers from Tool Parameters"). */
function paramChecks(params: Record<string, unknown> | undefined, sent: Record<string, string>, context: CheckContext): HeaderCheck[] {
  const sentParams = Object.keys(sent).filter((name) => name.startsWith("mcp-param-"));
  const tool = typeof params?.name === "string" ? params.name : undefined;
  const schema = tool === undefined ? undefined : context.toolSchema?.(tool);
  if (schema === undefined) {
    if (sentParams.length === 0) return [];
    return [{ header: "Mcp-Param-*", side: "request", verdict: "skip", reason: `${sentParams.length} sent; the tool's schema is not known here, so what it asks for cannot be checked` }];
  }
  const expected = Object.fromEntries(Object.entries(paramHeaders(schema, isObject(params?.arguments) ? params.arguments : {})).map(([n, v]) => [n.toLowerCase(), { name: n, value: v }]));
  const checks: HeaderCheck[] = [];
  for (const [lower, { name, value }] of Object.entries(expected)) {
    const got = sent[lower];
    if (got === undefined) checks.push({ header: name, side: "request", verdict: "fail", reason: `missing: the argument is annotated x-mcp-header and has a value (${JSON.stringify(value)})` });
    else if (got === value) checks.push({ header: name, side: "request", verdict: "pass", reason: `${show(got)} mirrors the argument` });
    else checks.push({ header: name, side: "request", verdict: "fail", reason: `${show(got)} differs from the argument's encoded value ${JSON.stringify(value)}` });
  }
  for (const lower of sentParams) {
    if (!(lower in expected)) checks.push({ header: lower, side: "request", verdict: "fail", reason: "sent, but no argument with a value is annotated with this name (null or absent values send no header)" });
  }
  return checks;
}

/** Response headers: 2026-07-28 servers mint no session, and a mirror header echoed back must name what was asked. */
function modernAnswerChecks(exchange: HttpExchange): HeaderCheck[] {
  const got = exchange.responseHeaders ?? {};
  const checks: HeaderCheck[] = [];
  if (got["mcp-session-id"] !== undefined) {
    checks.push({ header: "Mcp-Session-Id", side: "response", verdict: "fail", reason: `${show(got["mcp-session-id"])} on the answer: 2026-07-28 has no sessions, a server neither mints nor echoes one` });
  }
  // The spec defines these headers on requests only. A server (or a proxy before it) that puts one on
  // its answer states what the answer is for; when that names another method, tool or revision than
  // the request did, anything that routes or logs by these headers (their reason to exist) is misled.
  for (const [header, lower] of [["Mcp-Method", "mcp-method"], ["Mcp-Name", "mcp-name"], ["MCP-Protocol-Version", "mcp-protocol-version"]] as const) {
    const echoed = got[lower];
    if (echoed === undefined) continue;
    const asked = exchange.requestHeaders[lower];
    const same = asked !== undefined && decodeHeaderValue(echoed) === decodeHeaderValue(asked);
    checks.push(
      same
        ? { header, side: "response", verdict: "pass", reason: `echoed as sent (${show(echoed)})` }
        : { header, side: "response", verdict: "fail", reason: `the answer says ${show(echoed)} but the request said ${show(asked)}: a mirror header must name what the request named` },
    );
  }
  return checks;
}

/** Legacy Streamable HTTP (2025-03-26…2025-11-25): the negotiated version on every later request, and one session id. */
function legacyChecks(exchange: HttpExchange, revision: string | undefined, session: { id: string | undefined }): HeaderCheck[] {
  const checks: HeaderCheck[] = [];
  const sent = exchange.requestHeaders;
  const initialize = exchange.rpc?.method === "initialize";
  if (!initialize && revision !== undefined && sendsVersionHeader(revision)) {
    const version = sent["mcp-protocol-version"];
    checks.push(
      version === revision
        ? { header: "MCP-Protocol-Version", side: "request", verdict: "pass", reason: `${show(version)} equals the negotiated revision` }
        : { header: "MCP-Protocol-Version", side: "request", verdict: "fail", reason: `${show(version)}: after initialize every request MUST carry the negotiated revision ${JSON.stringify(revision)}` },
    );
  }
  if (initialize) {
    const assigned = exchange.responseHeaders?.["mcp-session-id"];
    session.id = assigned;
    if (assigned !== undefined) {
      const visible = /^[\x21-\x7e]+$/.test(assigned);
      checks.push({ header: "Mcp-Session-Id", side: "response", verdict: visible ? "pass" : "fail", reason: visible ? `assigned ${show(assigned)}` : `${show(assigned)}: a session id MUST be visible ASCII only` });
    }
    return checks;
  }
  if (session.id !== undefined) {
    const carried = sent["mcp-session-id"];
    checks.push(
      carried === session.id
        ? { header: "Mcp-Session-Id", side: "request", verdict: "pass", reason: "the id the server assigned on initialize" }
        : { header: "Mcp-Session-Id", side: "request", verdict: "fail", reason: `${show(carried)}: every request after initialize MUST carry the assigned ${JSON.stringify(session.id)}` },
    );
    const answered = exchange.responseHeaders?.["mcp-session-id"];
    if (answered !== undefined && answered !== session.id) {
      checks.push({ header: "Mcp-Session-Id", side: "response", verdict: "fail", reason: `the answer carries ${show(answered)}, not the session ${JSON.stringify(session.id)} the server assigned: the id changed mid-session` });
    }
  }
  return checks;
}

/** Which flavour an MCP exchange speaks: a body naming 2026-07-28 (or its version header) is modern. */
function eraOfExchange(exchange: HttpExchange): Era {
  const named = exchange.rpc?.metaVersion ?? exchange.requestHeaders["mcp-protocol-version"];
  return named !== undefined && exchange.rpc?.method !== "initialize" && eraOf(named) === "modern" ? "modern" : "legacy";
}

function verdictOf(checks: readonly HeaderCheck[]): CheckedExchange["verdict"] {
  if (checks.some((c) => c.verdict === "fail")) return "fail";
  return checks.some((c) => c.verdict === "pass") ? "pass" : "none";
}

/**
 * Every exchange with its checks, in order (session ids are followed per connection, from the
 * initialize that assigned one). Sign-in steps and bridge hops follow no MCP header rules.
 */
export function checkExchanges(exchanges: readonly HttpExchange[], context: CheckContext = {}): CheckedExchange[] {
  const sessions = new Map<number, { id: string | undefined }>();
  return exchanges.map((exchange) => {
    if (exchange.kind !== "mcp") return { exchange, era: undefined, checks: [], verdict: "none" };
    const era = eraOfExchange(exchange);
    let session = sessions.get(exchange.connectionId);
    if (!session) sessions.set(exchange.connectionId, (session = { id: undefined }));
    const checks = era === "modern" ? modernChecks(exchange, context) : legacyChecks(exchange, context.revisionOf?.(exchange.connectionId), session);
    return { exchange, era, checks, verdict: verdictOf(checks) };
  });
}
