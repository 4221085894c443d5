import { McpError } from "../errors";
import { isObject } from "../util/isObject";
import { BRIDGE_PATHS, type BridgeInfo, type ExitInfo } from "./bridgeProtocol";

/** Where the local bridge listens and the per-launch token every request to it must carry. */
export interface BridgeEndpoint {
  url: string;
  token: string;
}

/** How many of the last stderr lines an exit's error message quotes (the panel shows them all). */
const QUOTED_STDERR_LINES = 3;

export function base(endpoint: BridgeEndpoint): string {
  return endpoint.url.replace(/\/+$/, "");
}

export function authorized(endpoint: BridgeEndpoint, headers?: HeadersInit): Headers {
  const h = new Headers(headers);
  h.set("Authorization", `Bearer ${endpoint.token}`);
  return h;
}

/** The bridge's own refusal or failure as an McpError; `reason.code` is its error code. */
export async function bridgeError(response: Response, what: string): Promise<McpError> {
  const text = await response.text().catch(() => "");
  let code = "error";
  let message = text.trim() || `HTTP ${response.status}`;
  try {
    const body: unknown = JSON.parse(text);
    if (isObject(body) && isObject(body.error)) {
      if (typeof body.error.code === "string") code = body.error.code;
      if (typeof body.error.message === "string") message = body.error.message;
      // The process has exited: say how, as its exit event on the stream would.
      if (isObject(body.error.exit) && Array.isArray(body.error.exit.stderrTail)) {
        const exit = body.error.exit as unknown as ExitInfo;
        return new McpError({ kind: "closed", message: describeExit(exit), reason: { type: "exit", exit } });
      }
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return new McpError({ kind: "transport", status: response.status, message: `${what}: the bridge answered ${response.status}: ${message}`, reason: { type: "bridge", code } });
}

/** A fetch that failed before any answer: the bridge is not running, or this page may not call it. */
export function unreachable(endpoint: BridgeEndpoint, error: unknown): McpError {
  const reason = error instanceof Error ? error.message : String(error);
  return new McpError({
    kind: "transport",
    message: `could not reach the bridge at ${endpoint.url} (${reason}): is it running, and is this page's origin allowed?`,
    reason: { type: "bridge", code: "unreachable" },
    cause: error,
  });
}

/** Asks the bridge who it is; also how the app checks a pasted URL and token. */
export async function bridgeInfo(endpoint: BridgeEndpoint, fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<BridgeInfo> {
  let response: Response;
  try {
    response = await fetchFn(`${base(endpoint)}${BRIDGE_PATHS.info}`, { headers: authorized(endpoint) });
  } catch (error) {
    throw unreachable(endpoint, error);
  }
  if (!response.ok) throw await bridgeError(response, "GET /info");
  return (await response.json()) as BridgeInfo;
}

/** The saved servers' file the bridge keeps (`GET /servers`): the value as read, for the app to check. */
export async function bridgeServers(endpoint: BridgeEndpoint, fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(`${base(endpoint)}${BRIDGE_PATHS.servers}`, { headers: authorized(endpoint) });
  } catch (error) {
    throw unreachable(endpoint, error);
  }
  if (!response.ok) throw await bridgeError(response, "GET /servers");
  return (await response.json()) as unknown;
}

/** Replaces the saved servers' file (`PUT /servers`). */
export async function saveBridgeServers(endpoint: BridgeEndpoint, value: unknown, fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<void> {
  let response: Response;
  try {
    response = await fetchFn(`${base(endpoint)}${BRIDGE_PATHS.servers}`, { method: "PUT", headers: authorized(endpoint, { "Content-Type": "application/json" }), body: JSON.stringify(value) });
  } catch (error) {
    throw unreachable(endpoint, error);
  }
  if (!response.ok) throw await bridgeError(response, "PUT /servers");
}

/** Words for an exit, with the last stderr lines, for errors and the close reason. */
export function describeExit(exit: ExitInfo): string {
  const how = exit.error
    ? `the server process failed: ${exit.error}`
    : exit.signal
      ? `the server process was stopped by ${exit.signal}`
      : `the server process exited with code ${exit.code}`;
  const tail = exit.stderrTail.slice(-QUOTED_STDERR_LINES);
  return tail.length > 0 ? `${how}; last stderr: ${tail.join(" | ")}` : how;
}
