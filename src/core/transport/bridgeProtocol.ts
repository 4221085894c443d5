import type { ProcessExit } from "../errors";

/**
 * The wire between the inspector page and its local bridge (bin/bridge.ts): shared by the browser
 * transport (bridge.ts) and the Node bridge (src/bridge), so both read the same names.
 *
 * - `GET /info`: who the bridge is and what a spawned process inherits.
 * - `POST /sessions` with a {@link SpawnSpec}: spawns exactly that command, answers {@link SpawnedSession}.
 * - `GET /sessions/:id/events`: SSE of the process's output and one `exit` (see {@link BRIDGE_EVENTS}).
 * - `POST /sessions/:id/messages`: one JSON-RPC message, written to the process's stdin as one line.
 * - `DELETE /sessions/:id`: closes stdin, then SIGTERM, then SIGKILL (spec "stdio": shutdown).
 * - `/forward` (any method) with {@link BRIDGE_HEADERS.target}: the request goes on to that URL, and
 *   its response comes back byte for byte.
 * Every request carries `Authorization: Bearer <token>`.
 */
export const BRIDGE_PATHS = {
  info: "/info",
  sessions: "/sessions",
  forward: "/forward",
  /** `GET` and `PUT`: the saved servers' file beside the user's other configs (see BridgeInfo.serversFile). */
  servers: "/servers",
} as const;

export const BRIDGE_HEADERS = {
  /** The URL a `/forward` request goes on to. */
  target: "X-Presa-Target",
  /** The target's own Authorization (the bridge's token occupies `Authorization`). */
  forwardAuthorization: "X-Presa-Forward-Authorization",
  /** On every bridge answer: `forwarded` (the target's response) or `error` (the bridge's own). */
  marker: "X-Presa-Bridge",
} as const;

/**
 * SSE event types on a session's event stream:
 * - `stdout-lines` / `stderr-lines`: one or more lines exactly as the process wrote them, one per
 *   `data:` field, so the event's data is the lines joined by "\n" (a trailing "\r" dropped). Many
 *   lines travel in one event, and neither side escapes or parses them on the way.
 * - `stdout` / `stderr`: one line as a JSON string, for a line SSE cannot carry as is (one holding a
 *   carriage return, which SSE reads as a line end) and for a stdout line the bridge cut.
 * - `stdout-part`: the start of a long stdout line the process is still writing, as written
 *   (`stdout-part-json`: as a JSON string, when it holds a carriage return). The page keeps the parts
 *   and puts them in front of the first line of the next `stdout-lines` or `stdout` event, which ends
 *   the line; so a 1 MiB line flows on as it is read instead of waiting in the bridge for its end.
 *   Parts are cut where UTF-8 decodes the same in parts as whole.
 * - `notice`: the bridge's own word (a line it cut), a JSON string; `exit`: how the process ended, JSON.
 */
export const BRIDGE_EVENTS = {
  stdoutLines: "stdout-lines",
  stderrLines: "stderr-lines",
  stdout: "stdout",
  stderr: "stderr",
  stdoutPart: "stdout-part",
  stdoutPartJson: "stdout-part-json",
  exit: "exit",
  notice: "notice",
} as const;

/** What to spawn: an argv (no shell), extra environment, and a working directory. */
export interface SpawnSpec {
  command: string;
  args: string[];
  /** Added to the small inherited environment the bridge reports in {@link BridgeInfo}. */
  env: Record<string, string>;
  /** Absolute; omitted means the bridge's own working directory. */
  cwd?: string;
}

export interface BridgeInfo {
  name: "presa-bridge";
  version: string;
  /** The working directory a spec without `cwd` runs in. */
  cwd: string;
  /** Names of the bridge's environment variables every spawned process inherits (values stay on the bridge). */
  inheritedEnv: string[];
  platform: string;
  /** Live sessions, and processes spawned since the bridge started (so a test can see that nothing ran). */
  sessions: number;
  spawned: number;
  /** Where the bridge keeps the saved servers (`GET`/`PUT /servers`), so the page can say where a remembered secret goes. */
  serversFile?: string;
}

export interface SpawnedSession {
  id: string;
  pid: number;
  /** What was spawned, as the bridge ran it. */
  spec: SpawnSpec & { cwd: string };
}

/** How a process ended: its exit code or signal, or why it never started; the last stderr lines. */
export type ExitInfo = ProcessExit;

/** The body of every answer the bridge gives itself (marker `error`). */
export interface BridgeErrorBody {
  /** `exit`: a write refused because the process has exited, with how it ended (its event may still be on the stream). */
  error: { code: BridgeErrorCode; message: string; exit?: ExitInfo };
}

export type BridgeErrorCode =
  | "unauthorized"
  | "forbidden-host"
  | "forbidden-origin"
  | "blocked-target"
  | "bad-request"
  | "not-found"
  | "gone"
  | "conflict"
  | "too-large"
  | "spawn-failed"
  | "upstream-failed";

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Env names the bridge accepts: anything a process environment can hold (no `=`, no NUL). */
function badEnvName(name: string): boolean {
  return name === "" || name.includes("=") || name.includes("\0");
}

/** Validates an untrusted spawn request; the bridge spawns only what passes, exactly as given. */
export function checkSpawnSpec(value: unknown): Checked<SpawnSpec> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, reason: "the body must be a JSON object" };
  const v = value as Record<string, unknown>;
  const known = new Set(["command", "args", "env", "cwd"]);
  const extra = Object.keys(v).filter((k) => !known.has(k));
  if (extra.length > 0) return { ok: false, reason: `unknown field(s): ${extra.join(", ")}` };
  if (typeof v.command !== "string" || v.command.trim() === "") return { ok: false, reason: "command must be a non-empty string" };
  if (v.command.includes("\0")) return { ok: false, reason: "command must not contain NUL" };
  const args = v.args ?? [];
  if (!Array.isArray(args) || !args.every((a): a is string => typeof a === "string" && !a.includes("\0"))) {
    return { ok: false, reason: "args must be an array of strings" };
  }
  const env = v.env ?? {};
  if (typeof env !== "object" || env === null || Array.isArray(env)) return { ok: false, reason: "env must be an object of strings" };
  for (const [name, val] of Object.entries(env)) {
    if (badEnvName(name)) return { ok: false, reason: `env name ${JSON.stringify(name)} is not allowed` };
    if (typeof val !== "string" || val.includes("\0")) return { ok: false, reason: `env ${name} must be a string` };
  }
  if (v.cwd !== undefined && (typeof v.cwd !== "string" || v.cwd.includes("\0"))) return { ok: false, reason: "cwd must be a string" };
  const spec: SpawnSpec = { command: v.command, args: [...args], env: { ...(env as Record<string, string>) } };
  if (typeof v.cwd === "string" && v.cwd !== "") spec.cwd = v.cwd;
  return { ok: true, value: spec };
}

/** A stable key for a spec, so a confirmation given for one spec never covers another. */
export function spawnSpecKey(spec: SpawnSpec): string {
  const env = Object.keys(spec.env)
    .sort()
    .map((k) => [k, spec.env[k]]);
  return JSON.stringify([spec.command, spec.args, env, spec.cwd ?? null]);
}
