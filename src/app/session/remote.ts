// Transports to servers outside the page: HTTP (Streamable HTTP, HTTP+SSE, auto), HTTP through the
// local bridge, and a command the bridge runs (stdio). A chunk of its own: the controller loads it on
// the first connect to one of them, never in the first view (the embedded demo server needs none).
import { BridgeStdioTransport, bridgeFetch, McpError, recordExchanges, spawnSpecKey, type BridgeEndpoint, type ExitInfo, type Transport } from "../../core";
import type { SignIn } from "./auth/signIn";
import { httpTransport } from "./httpTransport";
import { rowsToRecord, spawnSpecOf } from "../stores/targets";
import type { Target } from "../stores/connectionStore";
import type { Session } from "./session";

export interface RemoteDeps {
  connectionId: number;
  fetch?: typeof fetch;
  /** The bridge, when one is known (sign-in may route through it). */
  bridge: BridgeEndpoint | undefined;
  /** The bridge, or the words for why there is none. */
  requireBridge(): BridgeEndpoint;
  signIn: SignIn;
  /** The user confirmed exactly this command in the spawn dialog. */
  confirmed(key: string): boolean;
  stderr: Session["stderr"];
  /** The session's HTTP view: every request made for this connection is recorded there. */
  http: Session["http"];
  /** The process ended (or never started). */
  onExit(exit: ExitInfo): void;
}

export interface RemoteTransport {
  transport: Transport;
  /** How the spawned process ended, once it has (stdio only). */
  exit?: () => ExitInfo | undefined;
}

/** The transport for a target outside the page. */
export async function remoteTransport(target: Exclude<Target, { kind: "embedded" }>, deps: RemoteDeps): Promise<RemoteTransport> {
  if (target.kind === "stdio") return spawnStdio(target, deps);
  const { connectionId } = deps;
  const headers = rowsToRecord(target.headers);
  const viaBridge = target.kind === "bridge-http";
  // Recorded as the transport made them, before the bridge rewraps them: the HTTP view checks the
  // headers the server is meant to get, and names the hop.
  const fetchVia = recordExchanges(deps.http, viaBridge ? bridgeFetch(deps.requireBridge(), deps.fetch) : deps.fetch, { kind: "mcp", connectionId, ...(viaBridge ? { via: "bridge" as const } : {}) });
  // Sign-in (when on): its own requests go direct or through the bridge (./auth/routedFetch.ts).
  const signInFetch = recordExchanges(deps.http, deps.fetch, { kind: "sign-in", connectionId });
  const auth = await deps.signIn.httpAuth({ url: target.url, viaBridge, bridge: deps.bridge, fetch: signInFetch });
  return { transport: httpTransport(target.transport, target.url, { headers, fetch: fetchVia, ...(auth ? { auth } : {}) }) };
}

/** Spawns a confirmed command through the bridge; its stderr, stray stdout and exit go to the stderr store. */
async function spawnStdio(target: Extract<Target, { kind: "stdio" }>, deps: RemoteDeps): Promise<RemoteTransport> {
  const spec = spawnSpecOf(target);
  if (!deps.confirmed(spawnSpecKey(spec))) {
    throw new McpError({ kind: "transport", message: "this command was not confirmed: confirm it in the spawn dialog first", reason: { type: "bridge", code: "unconfirmed" } });
  }
  const endpoint = deps.requireBridge();
  const { stderr, connectionId } = deps;
  stderr.started();
  const transport = await BridgeStdioTransport.spawn(endpoint, spec, {
    // The bridge's own hops (spawn, frames, exit) show in the HTTP view; the server speaks stdio.
    fetch: recordExchanges(deps.http, deps.fetch, { kind: "bridge", connectionId }),
    onStderr: (line) => stderr.append(connectionId, "stderr", line),
    onStdoutGarbage: (line) => stderr.append(connectionId, "stdout", line),
    onExit: (exit) => deps.onExit(exit),
  });
  stderr.append(connectionId, "bridge", `spawned ${spec.command} (pid ${transport.session.pid}) in ${transport.session.spec.cwd}`);
  return { transport, exit: () => transport.exit };
}
