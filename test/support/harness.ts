/**
 * The integration harness of the test matrix: a real server (the demo server or a custom one), a real
 * client over the in-process pair or Streamable HTTP on 127.0.0.1, every ClientEvent collected, and a
 * wire validator that checks each frame against the official schema of the revision it was sent under.
 * No internals are mocked; the only wrappers are pass-through taps that record what crossed.
 */
import { Client, type ClientEvent, type ConnectOptions, type InputHandlers, type Frame, type JsonRpcRequest, type RequestId, META, isObject, type ElicitParams, inProcessPair, StreamableHttpTransport, type Transport } from "../../src/core";
import { Connection } from "../../src/core/protocol";
import { serveTransport, type McpServer, type ServerOptions, type ServerSession } from "../../src/server";
import { demoServer } from "../../src/server/demo";
import { startHttpServer, type RunningHttpServer } from "../../src/server/http/handler";
import { validateFrame, type WireRevision } from "./wireSchema";
import { TapTransport } from "./kit";

export * from "./kit";

export type TransportKind = "in-process" | "http";
export const TRANSPORTS: readonly TransportKind[] = ["in-process", "http"];
export const MODERN = "2026-07-28";
/** Initialize-era revisions, newest first. */
export const LEGACY = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export const ALL_REVISIONS = [MODERN, ...LEGACY] as const;
/** Revisions where a feature exists: elicitation from 2025-06-18, URL mode from 2025-11-25. */
export const WITH_ELICITATION = ALL_REVISIONS.filter((r) => r >= "2025-06-18");
export const WITH_URL_ELICITATION = ALL_REVISIONS.filter((r) => r >= "2025-11-25");

/** The `versions` a client offers to land on `revision` against a server that speaks all of them. */
export function offerFor(revision: string): string[] | undefined {
  return revision === MODERN ? undefined : [revision];
}

// ---------------------------------------------------------------------------------------------------
// Answers for every demo tool

export const SAMPLED = { role: "assistant", content: { type: "text", text: "A short summary." }, model: "test-model", stopReason: "endTurn" } as const;
export const ROOTS = { roots: [{ uri: "file:///work/project", name: "project" }] };

const FORM_ANSWERS: Record<string, Record<string, unknown>> = {
  "Who should I greet?": { name: "Ada" },
  "Name?": { name: "Ada" },
  "Color?": { color: "blue" },
  "Tell us about yourself": { name: "Ada", email: "ada@example.com" },
  "A short survey about your setup": { name: "Ada", editor: "vim", rating: 4, languages: ["TypeScript"] },
  "Which city's weather?": { city: "Oslo" },
  "Which tone should the text have?": { tone: "pirate" },
};

/** Handlers that answer every demo tool: forms by their message, URLs with consent, a fixed model, one root. */
export function demoHandlers(): Required<InputHandlers> {
  return {
    "elicitation/create": (params: ElicitParams) => {
      if (params.mode === "url") return { action: "accept" };
      const content = FORM_ANSWERS[params.message] ?? (params.message.startsWith("Round ") ? { ok: true } : {});
      return { action: "accept", content: content as Record<string, string> };
    },
    "sampling/createMessage": () => structuredClone(SAMPLED) as never,
    "roots/list": () => structuredClone(ROOTS),
  };
}

/** One HTTP request the client transport made, with the headers as they left (names lower-cased). */
export interface HttpExchange {
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
  status?: number;
  responseHeaders?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------------
// openPair

export interface PairOptions extends ConnectOptions {
  transport: TransportKind;
  /** A custom server; default `demoServer(serverOptions)`. */
  server?: McpServer;
  serverOptions?: Partial<ServerOptions>;
  /** HTTP: headers the transport sends on every request (e.g. Authorization). */
  httpHeaders?: Record<string, string>;
  /** HTTP: reuse a running endpoint instead of starting one (its owner stops it). */
  running?: RunningHttpServer;
  /** Wraps the client's transport (under the tap), e.g. to refuse a request the way a mock server would. */
  wrap?: (transport: Transport) => Transport;
}

export interface Pair {
  readonly client: Client;
  readonly server: McpServer;
  readonly events: ClientEvent[];
  readonly tap: TapTransport;
  /** Set over HTTP: the endpoint, every request made, and a way to change a header from now on. */
  readonly http:
    | {
        running: RunningHttpServer;
        exchanges: HttpExchange[];
        /** From now on send this header with this value, or (undefined) without it. */
        setHeader(name: string, value: string | undefined): void;
        /** Back to the headers the transport itself sets. */
        clearHeader(name: string): void;
      }
    | undefined;
  /** Set in process: both ends of the pair and the server session. */
  readonly inProcess: { clientEnd: { deliver(raw: string, relatedRequestId?: RequestId): void }; serverEnd: Transport; session: ServerSession } | undefined;
  frames(): Frame[];
  ofType<T extends ClientEvent["type"]>(type: T): Extract<ClientEvent, { type: T }>[];
  close(): Promise<void>;
}

const open = new Set<Pair>();

/** Closes every pair still open; call it from `afterEach`. */
export async function closePairs(): Promise<void> {
  const pairs = [...open];
  open.clear();
  await Promise.all(pairs.map((p) => p.close()));
}

/** Starts a server, connects a client and collects every event; the returned pair is closed by `closePairs`. */
export async function openPair(options: PairOptions): Promise<Pair> {
  const pair = await preparePair(options);
  await pair.connect();
  return pair;
}

/** Like openPair, but negotiation is left to the caller (`connect()` rejects when it fails). */
export async function preparePair(options: PairOptions): Promise<Pair & { connect(): Promise<Client> }> {
  const { transport: kind, server: custom, serverOptions, httpHeaders, running: given, wrap, ...connectOptions } = options;
  const srv = custom ?? demoServer(serverOptions);
  const events: ClientEvent[] = [];
  let inner: Transport;
  let http: Pair["http"];
  let inProcess: Pair["inProcess"];
  let stopServer = async (): Promise<void> => undefined;
  if (kind === "http") {
    const running = given ?? (await startHttpServer(srv, { port: 0 }));
    if (!given) stopServer = () => running.close();
    const exchanges: HttpExchange[] = [];
    const overrides = new Map<string, string | undefined>();
    const recording: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of overrides) {
        if (value === undefined) headers.delete(name);
        else headers.set(name, value);
      }
      const entry: HttpExchange = {
        method: init?.method ?? "GET",
        headers: Object.fromEntries(headers.entries()),
        body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      };
      exchanges.push(entry);
      const response = await fetch(input, { ...init, headers });
      entry.status = response.status;
      entry.responseHeaders = Object.fromEntries(response.headers.entries());
      return response;
    };
    inner = new StreamableHttpTransport(running.url, { fetch: recording, ...(httpHeaders ? { headers: httpHeaders } : {}) });
    http = { running, exchanges, setHeader: (name, value) => void overrides.set(name, value), clearHeader: (name) => void overrides.delete(name) };
  } else {
    const ends = inProcessPair();
    const session = serveTransport(srv, ends.server);
    inner = ends.client;
    inProcess = { clientEnd: ends.client, serverEnd: ends.server, session };
  }
  const tap = new TapTransport(wrap ? wrap(inner) : inner);
  const client = new Client(tap, connectOptions);
  client.subscribe((event) => events.push(event));
  let closed = false;
  const pair = {
    client,
    server: srv,
    events,
    tap,
    http,
    inProcess,
    frames: () => events.flatMap((e) => (e.type === "frame" ? [e.frame] : [])),
    ofType: <T extends ClientEvent["type"]>(type: T) => events.filter((e): e is Extract<ClientEvent, { type: T }> => e.type === type),
    close: async () => {
      if (closed) return;
      closed = true;
      open.delete(pair);
      await client.close();
      await stopServer();
    },
    connect: async () => {
      try {
        return await client.open();
      } catch (e) {
        await pair.close();
        throw e;
      }
    },
  };
  open.add(pair);
  return pair;
}

/** A server end written by hand, for behaviours the reference server never shows (stubs). */
export function stubPair(
  answer: (request: JsonRpcRequest) => Record<string, unknown> | Promise<Record<string, unknown>>,
  connectOptions: ConnectOptions = {},
): { client: Client; events: ClientEvent[]; requests: JsonRpcRequest[]; connect(): Promise<Client>; close(): Promise<void> } {
  const ends = inProcessPair();
  const requests: JsonRpcRequest[] = [];
  Connection.over(ends.server, {
    onRequest: async (request) => {
      requests.push(request);
      return answer(request);
    },
  });
  const client = new Client(ends.client, connectOptions);
  const events: ClientEvent[] = [];
  client.subscribe((e) => events.push(e));
  return { client, events, requests, connect: () => client.open(), close: () => client.close() };
}

/** The answer of a stub that plays a 2026-07-28 server for `server/discover`. */
export const STUB_DISCOVER = { resultType: "complete", supportedVersions: [MODERN], capabilities: { tools: {} }, ttlMs: 0, cacheScope: "public", serverInfo: { name: "stub", version: "0" } };

// ---------------------------------------------------------------------------------------------------
// Frame helpers and wire validation

/** The parsed messages of the frames sent in one direction, optionally only requests of one method. */
export function messages(events: readonly ClientEvent[], direction: "out" | "in", method?: string): Record<string, unknown>[] {
  return events.flatMap((e) => {
    if (e.type !== "frame" || e.frame.direction !== direction || !e.frame.message) return [];
    const m = e.frame.message as unknown as Record<string, unknown>;
    return method === undefined || m.method === method ? [m] : [];
  });
}

export function paramsOf(message: Record<string, unknown>): Record<string, unknown> {
  return isObject(message.params) ? message.params : {};
}

export interface ValidationReport {
  checked: number;
  failures: { revision: string; sender: string; answers: string | undefined; errors: string; raw: string }[];
}

/**
 * Validates every frame of a client's event log against the schema: requests and notifications as
 * sent by their side, responses as answers to the method of the request they answer (the Frame's
 * `method`, else the request seen earlier with that id). A frame is checked under the revision its own
 * `_meta` names (the 2026-07-28 probe before a fallback), a response under its request's revision, and
 * anything else under `revision`.
 */
export function validateFrames(events: readonly ClientEvent[], revision: string): ValidationReport {
  const requestOf = new Map<string, { method: string; revision: string; taskAugmented: boolean; takesTasks: boolean }>();
  const report: ValidationReport = { checked: 0, failures: [] };
  for (const event of events) {
    if (event.type !== "frame" || event.frame.message === undefined) continue;
    const { frame } = event;
    const message = frame.message as unknown as Record<string, unknown>;
    const sender = frame.direction === "out" ? "client" : "server";
    const params = paramsOf(message);
    const meta = isObject(params._meta) ? params._meta : {};
    const named = typeof meta[META.protocolVersion] === "string" ? (meta[META.protocolVersion] as string) : undefined;
    const id = message.id as RequestId | undefined;
    let answers: string | undefined;
    let taskAugmented = false;
    let takesTasks = false;
    let under = named ?? revision;
    if (typeof message.method === "string") {
      // 2025-11-25: a request with `params.task` is answered with a CreateTaskResult.
      const caps = meta[META.clientCapabilities];
      // 2026-07-28: a client that declared the tasks extension may be answered with resultType "task".
      const takesTasks = isObject(caps) && isObject(caps.extensions) && isObject(caps.extensions["io.modelcontextprotocol/tasks"]);
      if (id !== undefined) requestOf.set(`${sender}:${String(id)}`, { method: message.method, revision: under, taskAugmented: isObject(params.task) && under === "2025-11-25", takesTasks });
    } else if (id !== undefined && id !== null) {
      const asked = requestOf.get(`${sender === "client" ? "server" : "client"}:${String(id)}`);
      answers = frame.method ?? asked?.method;
      under = asked?.revision ?? revision;
      taskAugmented = (asked?.taskAugmented ?? false) && "result" in message;
      takesTasks = asked?.takesTasks ?? false;
    }
    report.checked++;
    let errors: string | undefined;
    try {
      const verdict = validateFrame(under as WireRevision, message, answers === undefined ? { sender } : { sender, answers, ...(taskAugmented ? { taskAugmented } : {}), ...(takesTasks ? { extraResultTypes: ["task"] } : {}) });
      if (!verdict.ok) errors = `${verdict.definition}: ${verdict.errors}`;
    } catch (e) {
      errors = e instanceof Error ? e.message : String(e);
    }
    if (errors !== undefined) report.failures.push({ revision: under, sender, answers, errors, raw: frame.raw });
  }
  return report;
}

/** Fails with every invalid frame listed; returns how many frames were checked (so a test can see > 0). */
export function expectFramesValid(events: readonly ClientEvent[], revision: string): number {
  const report = validateFrames(events, revision);
  if (report.failures.length > 0) {
    const lines = report.failures.map((f) => `- ${f.sender} frame (${f.revision}${f.answers ? `, answering ${f.answers}` : ""}): ${f.errors}\n  ${f.raw.slice(0, 600)}`);
    throw new Error(`${report.failures.length} of ${report.checked} frames are invalid:\n${lines.join("\n")}`);
  }
  if (report.checked === 0) throw new Error("no frames to validate");
  return report.checked;
}
