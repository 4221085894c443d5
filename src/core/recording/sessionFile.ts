import { McpError, isObject, parseFrame, type ErrorKind, type Frame, type Implementation, type LocalReason } from "../index";
import type { AutoSource, CallRecord } from "./model";
import { entryMessage, toWireEntry, type WireEntry } from "./wireEntry";

/** Connection settings as a session file keeps them: the app's settings, whose target may hold credentials. */
export interface RecordedSettings {
  target: object;
}

/** The connection a session ran on, as far as a session file records it. */
export interface RecordedConnection<S extends RecordedSettings = RecordedSettings> {
  settings: S;
  revision: string | undefined;
  era: string | undefined;
  serverInfo: Implementation | undefined;
}

export const SESSION_FORMAT = "presa-inspector-session";
export const SESSION_VERSION = 1;
export const REDACTED = "[redacted]";

/** A recorded session as written to disk: plain JSON, versioned, tokens redacted unless kept. */
export interface SessionFile {
  format: typeof SESSION_FORMAT;
  version: typeof SESSION_VERSION;
  exportedAt: string;
  tokens: "redacted" | "kept";
  connection: RecordedConnection;
  calls: unknown[];
  frames: { direction: "in" | "out"; raw: string; size: number; at: number; method?: string; latencyMs?: number; connectionId: number; error?: string; app?: string }[];
  /** Which inputs were answered by canned answers, the mock model or a replay (markKey → source). */
  marks: Record<string, AutoSource>;
}

/** A session read back: stores-ready calls and frames. */
export interface LoadedSession {
  file: SessionFile;
  calls: CallRecord[];
  frames: WireEntry[];
}

export interface SessionSnapshot {
  connection: RecordedConnection;
  calls: CallRecord[];
  frames: readonly WireEntry[];
  marks: Record<string, AutoSource>;
}

const SENSITIVE = /authorization|cookie|token|secret|password|api[-_]?key/i;

/** An error as JSON: `message` is not enumerable on an Error, so JSON.stringify alone would lose it. */
function plainError(e: Error): Record<string, unknown> {
  const m = e as Partial<McpError>;
  return { kind: m.kind ?? "transport", message: e.message, ...(m.code !== undefined ? { code: m.code } : {}), ...(m.data !== undefined ? { data: m.data } : {}), ...(m.reason !== undefined ? { reason: m.reason } : {}), ...(m.status !== undefined ? { status: m.status } : {}) };
}

/** A deep copy ready for JSON: errors made plain and, unless tokens are kept, every requestState redacted. */
function toJson(value: unknown, keepTokens: boolean): unknown {
  if (value instanceof Error) return plainError(value);
  if (Array.isArray(value)) return value.map((v) => toJson(v, keepTokens));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (!keepTokens && k === "requestState" && typeof v === "string") out[k] = REDACTED;
    else if (!keepTokens && k === "decodedState") continue; // the decoded token is the token
    else out[k] = toJson(v, keepTokens);
  }
  return out;
}

function redactRows<T extends { name: string; value: string }>(rows: T[]): T[] {
  return rows.map((r) => (SENSITIVE.test(r.name) ? { ...r, value: REDACTED } : r));
}

/** Connection settings with Authorization (and other credential) header values redacted. */
export function redactSettings<S extends RecordedSettings>(settings: S): S {
  const target = settings.target as unknown as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...target };
  for (const field of ["headers", "env"]) {
    if (Array.isArray(target[field])) copy[field] = redactRows(target[field] as { name: string; value: string }[]);
  }
  return { ...settings, target: copy };
}

/** Keys toJson redacts, and the escape that could spell them: a frame with none of these goes out as it came, unparsed. */
const MAY_REDACT = /requestState|decodedState|\\u/;

function frameRaw(entry: WireEntry, keepTokens: boolean): string {
  if (keepTokens || !MAY_REDACT.test(entry.raw)) return entry.raw;
  const message = entryMessage(entry);
  if (message) {
    const redacted = JSON.stringify(toJson(message, false));
    return redacted === JSON.stringify(message) ? entry.raw : redacted;
  }
  return entry.raw.replace(/("requestState"\s*:\s*)"(?:[^"\\]|\\.)*"/g, `$1"${REDACTED}"`);
}

/** The session as one JSON document: connection settings, every call with its rounds, every frame. */
export function exportSession(s: SessionSnapshot, options: { keepTokens: boolean; now?: Date }): SessionFile {
  const { keepTokens } = options;
  const ids = new Set(s.calls.map((c) => c.callId));
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    exportedAt: (options.now ?? new Date()).toISOString(),
    tokens: keepTokens ? "kept" : "redacted",
    connection: {
      settings: keepTokens ? s.connection.settings : redactSettings(s.connection.settings),
      revision: s.connection.revision,
      era: s.connection.era,
      serverInfo: s.connection.serverInfo,
    },
    calls: s.calls.map((c) => toJson(c, keepTokens)),
    frames: s.frames.map((f) => {
      const raw = frameRaw(f, keepTokens);
      const frame: SessionFile["frames"][number] = { direction: f.direction, raw, size: f.size, at: f.at, connectionId: f.connectionId };
      // A file names the method a response answers; a request's or notification's is in its text.
      if (f.method !== "" && f.kind !== "request" && f.kind !== "notification") frame.method = f.method;
      if (f.latencyMs !== undefined) frame.latencyMs = f.latencyMs;
      if (f.error !== undefined) frame.error = f.error;
      if (f.app !== undefined) frame.app = f.app;
      return frame;
    }),
    marks: Object.fromEntries(Object.entries(s.marks).filter(([k]) => ids.has(k.split("\u0000")[0] ?? ""))),
  };
}

const KINDS: ErrorKind[] = ["protocol", "unsupported", "transport", "timeout", "cancelled", "closed", "tooManyRounds", "state"];

function reviveError(v: unknown): McpError | undefined {
  if (!isObject(v) || typeof v.message !== "string") return undefined;
  const kind = KINDS.includes(v.kind as ErrorKind) ? (v.kind as ErrorKind) : "transport";
  // A reason from a file is only ever switched on by its type, so an object with a string type is enough.
  const reason = isObject(v.reason) && typeof v.reason.type === "string" ? (v.reason as unknown as LocalReason) : undefined;
  return new McpError({ kind, message: v.message, ...(typeof v.code === "number" ? { code: v.code } : {}), data: v.data, ...(reason ? { reason } : {}), ...(typeof v.status === "number" ? { status: v.status } : {}) });
}

function reviveCall(v: unknown): CallRecord | undefined {
  if (!isObject(v) || typeof v.callId !== "string" || typeof v.method !== "string" || !Array.isArray(v.events)) return undefined;
  const events = v.events.filter((e) => isObject(e) && typeof e.type === "string").map((e) => {
    const event = e as Record<string, unknown>;
    return event.error === undefined ? event : { ...event, error: reviveError(event.error) };
  });
  const status = v.status === "done" || v.status === "failed" ? v.status : "failed";
  const call = { ...v, events, status, params: isObject(v.params) ? v.params : {}, target: typeof v.target === "string" ? v.target : "" } as unknown as CallRecord;
  const error = v.error === undefined ? undefined : reviveError(v.error);
  if (error) call.error = error;
  else delete call.error;
  if (v.status === "running" && !call.error) call.error = new McpError({ kind: "cancelled", message: "still running when the session was exported" });
  return call;
}

/** Reads a session file back, checking every part: the file may be old, edited or not one at all. */
export function parseSession(text: string): { ok: true; session: LoadedSession } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  if (!isObject(parsed) || parsed.format !== SESSION_FORMAT) return { ok: false, error: "not a presa inspector session (no format field)" };
  if (typeof parsed.version !== "number" || parsed.version > SESSION_VERSION) {
    return { ok: false, error: `session version ${String(parsed.version)} is newer than this inspector reads (${SESSION_VERSION})` };
  }
  if (!isObject(parsed.connection) || !Array.isArray(parsed.calls) || !Array.isArray(parsed.frames)) return { ok: false, error: "the session lacks connection, calls or frames" };
  const calls = parsed.calls.map(reviveCall).filter((c): c is CallRecord => c !== undefined);
  const frames: WireEntry[] = [];
  for (const f of parsed.frames) {
    if (!isObject(f) || (f.direction !== "in" && f.direction !== "out") || typeof f.raw !== "string") continue;
    const p = parseFrame(f.raw);
    const frame: Frame = { direction: f.direction, raw: f.raw, message: p.ok ? p.message : undefined, size: typeof f.size === "number" ? f.size : f.raw.length, at: typeof f.at === "number" ? f.at : 0 };
    if (typeof f.method === "string") frame.method = f.method;
    if (typeof f.latencyMs === "number") frame.latencyMs = f.latencyMs;
    if (!p.ok) frame.error = typeof f.error === "string" ? f.error : p.reason;
    frames.push(toWireEntry(frame, frames.length + 1, typeof f.connectionId === "number" ? f.connectionId : 0, typeof f.app === "string" ? f.app : undefined));
  }
  const marks = isObject(parsed.marks) ? (parsed.marks as Record<string, AutoSource>) : {};
  return { ok: true, session: { file: { ...(parsed as unknown as SessionFile), marks }, calls, frames } };
}
