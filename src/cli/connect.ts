/**
 * The command line's connection: a target (Streamable HTTP URL, a spawned stdio command, or the demo
 * server in process), a Client with the app's capability modes, and one place every question of a
 * call goes (`Ask`), set by `call` (answers file, terminal, refusal) or `replay` (the recording).
 */
import {
  AutoHttpTransport,
  Client,
  LegacySseTransport,
  McpError,
  REVISIONS,
  StreamableHttpTransport,
  describeExit,
  inProcessPair,
  isRevision,
  capabilitiesFromModes,
  handlersFromModes,
  type CapabilityKey,
  type CapabilityMode,
  type InputContext,
  type InputKind,
  type InputKindSpec,
  type InputResponse,
  type Transport,
  type HttpExchangeLog,
  recordExchanges,
} from "../core";
import { serveTransport } from "../server";
import { demoServer, isDemoVariant, DEMO_VARIANTS } from "../server/demo";
import { CliError } from "./errors";
import { SpawnedStdioTransport } from "./stdio";
import { parseHeader, splitCommand } from "./words";
import { cliOAuth, type CliSignIn } from "./signIn";

export type { CapabilityKey, CapabilityMode } from "../core";
export const CAPABILITY_FLAGS: Record<CapabilityKey, string> = { elicitationForm: "elicitation-form", elicitationUrl: "elicitation-url", sampling: "sampling", roots: "roots" };

/** Which HTTP transport a URL is spoken to with: Streamable HTTP, the 2024-11-05 HTTP+SSE one, or auto (Streamable first, HTTP+SSE on a 4xx). */
export type HttpTransportChoice = "streamable" | "http+sse" | "auto";

export type TargetSpec =
  | { kind: "url"; url: string; headers: Record<string, string>; transport?: HttpTransportChoice; signIn?: CliSignIn }
  | { kind: "stdio"; argv: string[]; cwd?: string; env?: Record<string, string> } | { kind: "embedded"; variant?: string };

export interface ConnectSpec {
  target: TargetSpec;
  /** "auto" offers every revision, newest first. */
  revision: string;
  capabilities: Record<CapabilityKey, CapabilityMode>;
  /** Per-request timeout (0: none); it never runs while someone answers in the terminal. */
  timeoutMs: number;
  maxRounds?: number;
  /** Client-side tasks (2025-11-25 tasks.requests): the server may ask its questions as tasks. */
  clientTasks?: boolean;
  /** Every stderr line of a stdio server (for `--verbose`). */
  onStderr?: (line: string) => void;
  /** `--http`: every HTTP request of the run is recorded here (the app's HTTP view record). */
  exchanges?: HttpExchangeLog;
  /** Where the sign-in says what the person has to do (default: stderr). */
  say?: (line: string) => void;
  /** Told, as soon as a server is spawned, how to stop it at once (Ctrl-C while connecting). */
  onSpawned?: (killNow: () => void) => void;
}

/** One question of a call, as the CLI's answerers see it: its method, and its kind in the core's registry. */
export interface Question {
  kind: InputKind;
  spec: InputKindSpec;
  params: Record<string, unknown>;
  ctx: InputContext;
}

/** Answers a question, or rejects (a refusal the server hears as an error). */
export type Ask = (q: Question) => Promise<InputResponse>;

export const DEFAULT_TIMEOUT_MS = 60_000;

/** Where the target is, in the words of error messages. */
export function describeTargetSpec(t: TargetSpec): string {
  if (t.kind === "url") return t.url;
  if (t.kind === "stdio") return `stdio \`${t.argv.join(" ")}\``;
  return `the embedded demo server${t.variant ? ` (variant ${t.variant})` : ""}`;
}

/** The target from `--url`/`--header`, `--stdio`/`--cwd` or `--embedded`/`--variant`: exactly one. */
export function targetFromFlags(v: { url?: string | undefined; header?: string[] | undefined; stdio?: string | undefined; cwd?: string | undefined; embedded?: boolean | undefined; variant?: string | undefined }): TargetSpec | undefined {
  const given = [v.url !== undefined, v.stdio !== undefined, v.embedded === true].filter(Boolean).length;
  if (given > 1) throw new CliError("give one target: --url, --stdio or --embedded");
  if (v.variant !== undefined && !v.embedded) throw new CliError("--variant goes with --embedded");
  if (v.header?.length && v.url === undefined) throw new CliError("--header goes with --url");
  if (v.url !== undefined) {
    let url: URL;
    try {
      url = new URL(v.url);
    } catch {
      throw new CliError(`--url ${JSON.stringify(v.url)} is not a URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new CliError(`--url must be http: or https:, not ${url.protocol}`);
    return { kind: "url", url: url.href, headers: Object.fromEntries((v.header ?? []).map(parseHeader)) };
  }
  if (v.stdio !== undefined) {
    const argv = splitCommand(v.stdio);
    if (argv.length === 0) throw new CliError("--stdio needs a command, e.g. --stdio \"node server.js --flag\"");
    return { kind: "stdio", argv, ...(v.cwd !== undefined ? { cwd: v.cwd } : {}) };
  }
  if (v.embedded) {
    if (v.variant !== undefined && !isDemoVariant(v.variant)) throw new CliError(`--variant must be one of ${DEMO_VARIANTS.join(", ")}, not ${v.variant}`);
    return { kind: "embedded", ...(v.variant !== undefined ? { variant: v.variant } : {}) };
  }
  return undefined;
}

export interface Connected {
  client: Client;
  transport: Transport;
  /** Where questions go from now on. */
  setAsk(ask: Ask): void;
  /** Why the connection is gone, when a stdio process ended: its exit in words. */
  exitText(): string | undefined;
  close(): Promise<void>;
}

/** The transport for a URL, signed in when its saved settings ask for it; `done` ends the sign-in's listener. */
async function httpTransportFor(t: Extract<TargetSpec, { kind: "url" }>, spec: ConnectSpec): Promise<{ transport: Transport; done: () => Promise<void> }> {
  const signInFetch = spec.exchanges && recordExchanges(spec.exchanges, undefined, { kind: "sign-in", connectionId: 1 });
  const oauth = t.signIn ? await cliOAuth(t.signIn, spec.say ?? ((line) => void process.stderr.write(`${line}\n`)), signInFetch) : undefined;
  const fetch = spec.exchanges && recordExchanges(spec.exchanges, undefined, { kind: "mcp", connectionId: 1 });
  const options = { headers: t.headers, ...(fetch ? { fetch } : {}), ...(oauth ? { auth: oauth.client } : {}) };
  const transport = t.transport === "http+sse" ? new LegacySseTransport(t.url, options) : t.transport === "auto" ? new AutoHttpTransport(t.url, options) : new StreamableHttpTransport(t.url, options);
  return { transport, done: () => oauth?.close() ?? Promise.resolve() };
}

async function transportFor(spec: ConnectSpec): Promise<{ transport: Transport; done: () => Promise<void> }> {
  const t = spec.target;
  if (t.kind === "url") return httpTransportFor(t, spec);
  return { transport: await otherTransportFor(t, spec), done: () => Promise.resolve() };
}

async function otherTransportFor(t: Exclude<TargetSpec, { kind: "url" }>, spec: ConnectSpec): Promise<Transport> {
  if (t.kind === "stdio") {
    try {
      return await SpawnedStdioTransport.spawn(t.argv, {
        ...(t.cwd !== undefined ? { cwd: t.cwd } : {}),
        ...(t.env && Object.keys(t.env).length > 0 ? { env: { ...process.env, ...t.env } } : {}),
        ...(spec.onStderr ? { onStderr: spec.onStderr } : {}),
      });
    } catch (e) {
      throw new CliError(`${describeTargetSpec(t)}: ${(e as Error).message}`);
    }
  }
  const pair = inProcessPair();
  serveTransport(demoServer({ stateSecret: "presa-cli-embedded", ...(t.variant !== undefined && isDemoVariant(t.variant) ? { variant: t.variant } : {}) }), pair.server, { caller: "cli" });
  return pair.client;
}

/** The innermost system error code (ECONNREFUSED, ENOTFOUND, ...) of a failed fetch, else its message. */
function networkReason(e: unknown): string {
  let at: unknown = e;
  let deepest = e instanceof Error ? e.message : String(e);
  for (let depth = 0; at && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string") return code;
    if (at instanceof Error) deepest = at.message;
    at = (at as { cause?: unknown }).cause;
  }
  return deepest;
}

/** Why connecting failed, in one line naming the target. */
export function connectFailure(spec: ConnectSpec, transport: Transport | undefined, e: unknown): CliError {
  const where = describeTargetSpec(spec.target);
  if (transport instanceof SpawnedStdioTransport && transport.exit) return new CliError(`${where}: before it answered, ${describeExit(transport.exit)}`);
  const error = e instanceof McpError ? e : undefined;
  if (error?.kind === "timeout") return new CliError(`${where}: no answer within ${spec.timeoutMs} ms while connecting (--timeout)`);
  if (spec.target.kind === "url" && error?.kind === "transport" && error.status === undefined) return new CliError(`cannot reach ${where}: ${networkReason(e)}`);
  return new CliError(`connecting to ${where}: ${(e as Error).message ?? String(e)}`);
}

/** Opens the transport and negotiates, within the timeout; questions go to whatever `setAsk` set last. */
export async function connectTarget(spec: ConnectSpec): Promise<Connected> {
  if (spec.revision !== "auto" && !isRevision(spec.revision)) throw new CliError(`--revision must be auto or one of ${REVISIONS.join(", ")}, not ${spec.revision}`);
  let ask: Ask = () => Promise.reject(new McpError({ kind: "cancelled", message: "no call is running" }));
  const { transport, done } = await transportFor(spec);
  if (transport instanceof SpawnedStdioTransport) spec.onSpawned?.(() => transport.killNow());
  const client = new Client(transport, {
    versions: spec.revision === "auto" ? REVISIONS : [spec.revision],
    // The core's handlers, as the app builds them; each question goes to `ask` of the moment.
    handlers: handlersFromModes(spec.capabilities, {
      ask: ({ kind, method, params, ctx }) => ask({ kind: method as InputKind, spec: kind, params, ctx }),
      unsupported: (kind) => {
        const flag = (CAPABILITY_FLAGS as Record<string, string | undefined>)[kind.mode] ?? kind.mode;
        return new McpError({ kind: "unsupported", message: `${kind.words.name} is declared but has no handler (--${flag} declared)` });
      },
    }),
    capabilities: capabilitiesFromModes(spec.capabilities),
    clientInfo: { name: "presa-inspector-cli", version: "0.1.0" },
    ...(spec.maxRounds !== undefined ? { maxRounds: spec.maxRounds } : {}),
    ...(spec.clientTasks ? { clientTasks: true } : {}),
    ...(spec.timeoutMs > 0 ? { requestTimeoutMs: spec.timeoutMs, probeTimeoutMs: Math.min(spec.timeoutMs, 10_000) } : {}),
  });
  const connected: Connected = {
    client,
    transport,
    setAsk: (a) => void (ask = a),
    exitText: () => (transport instanceof SpawnedStdioTransport && transport.exit ? describeExit(transport.exit) : undefined),
    close: async () => {
      await client.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
      await done().catch(() => undefined);
    },
  };
  try {
    await client.open();
  } catch (e) {
    // Worded before closing: closing stops a stdio server, whose own exit says more than a timeout.
    const failure = connectFailure(spec, transport, e);
    await connected.close();
    throw failure;
  }
  return connected;
}
