import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { lookup as dnsLookup } from "node:dns/promises";
import type { AddressInfo } from "node:net";
import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { BRIDGE_PATHS, checkSpawnSpec, type BridgeInfo, parseFrame } from "../core";
import { forward } from "./forward";
import { recycle } from "./frameQueue";
import { BRIDGE_SECURITY_HEADERS, header, readBody, sendError, sendJson, socketTimeoutOptions, startSse, type SocketTimeouts } from "./http";
import { SessionRegistry } from "./registry";
import { hostAllowed, isLoopbackHost, newToken, originAllowed, ownHosts, tokenMatches, tokenStrength, type LookupAll, type OriginPolicy } from "./security";
import { INHERITED_ENV, inheritedEnv, type SpawnFn } from "./stdioSession";
import { checkServersFile, loadServersFile, MAX_SERVERS_FILE_BYTES, saveServersFile, serversFilePath } from "./serversFile";

/** How long a write that broke waits for the process's exit before saying only that it is not reading: a ceiling, not a measure. */
const EXIT_AFTER_BROKEN_WRITE_MS = 5000;

export const BRIDGE_VERSION = "0.1.0";

export interface BridgeOptions {
  /** Bind address; loopback only unless `dangerouslyAllowRemote`. Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The per-launch token; default a fresh random one. */
  token?: string;
  /** Exact page origins allowed besides (or, with `loopbackOrigins: false`, instead of) loopback pages. */
  allowedOrigins?: readonly string[];
  /** Allow any page served from a loopback address (default true). */
  loopbackOrigins?: boolean;
  /** Extra Host header values accepted (needed with a non-loopback bind). */
  allowedHosts?: readonly string[];
  dangerouslyAllowRemote?: boolean;
  /** How forwarding targets are resolved; tests inject one. */
  lookup?: LookupAll;
  spawn?: SpawnFn;
  /** Working directory of a spawned server when the spec names none. */
  cwd?: string;
  /** The saved servers' file (`GET`/`PUT /servers`); default serversFilePath(). */
  serversFile?: string;
  /** Limits on a socket that sends nothing (or its request slowly); tests shorten them. */
  socketTimeouts?: SocketTimeouts;
  log?: (line: string) => void;
}

export interface RunningBridge {
  url: string;
  port: number;
  token: string;
  server: Server;
  sessions: SessionRegistry;
  /** Replaces the exact origins allowed (the launcher pins the app's origin once Vite has one). */
  setAllowedOrigins(origins: readonly string[], loopback?: boolean): void;
  /**
   * Stops every spawned server (stdin closed, then SIGTERM, then SIGKILL to its process group, each
   * after `graceMs`) and the HTTP server. Idempotent: every call returns the one stop under way, so a
   * repeated signal waits for the same servers instead of finding nothing left to wait for.
   */
  close(graceMs?: number): Promise<void>;
  /** Process groups of servers not yet known to have exited, for a last SIGKILL. */
  groups(): number[];
}

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const ALLOWED_METHODS = "GET, POST, PUT, DELETE, OPTIONS";

/**
 * The local bridge: spawns stdio servers the page asks for and forwards HTTP to servers that send no
 * CORS headers. Every request passes, in order: the Host check (403, DNS rebinding), the Origin
 * check (403), then the token (401); a preflight needs no token but passes the first two.
 */
export async function startBridge(options: BridgeOptions = {}): Promise<RunningBridge> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host) && !options.dangerouslyAllowRemote) {
    throw new Error(`refusing to listen on ${host}: the bridge spawns commands, so it binds loopback only (use --dangerously-allow-remote to override)`);
  }
  const token = options.token ?? newToken();
  const strength = tokenStrength(token);
  if (!strength.ok) throw new Error(strength.reason);
  const lookup = options.lookup ?? defaultLookup;
  const log = options.log ?? (() => undefined);
  const cwd = options.cwd ?? process.cwd();
  const serversFile = options.serversFile ?? serversFilePath();
  let policy: OriginPolicy = { loopback: options.loopbackOrigins ?? true, origins: options.allowedOrigins ?? [] };
  let hosts: string[] = [];
  const sessions = new SessionRegistry({ baseEnv: inheritedEnv(), cwd, ...(options.spawn ? { spawn: options.spawn } : {}) });

  function cors(req: IncomingMessage): Record<string, string> {
    const origin = header(req, "origin");
    return origin ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(header(req, "host"), hosts)) return sendError(res, 403, "forbidden-host", "Host not allowed: the bridge answers only to its own loopback address");
    const origin = header(req, "origin");
    if (!originAllowed(origin, policy)) return sendError(res, 403, "forbidden-origin", `Origin ${origin} is not allowed`);
    const c = cors(req);
    if (req.method === "OPTIONS") return preflight(req, res, c);
    if (!tokenMatches(header(req, "authorization"), token)) {
      return sendError(res, 401, "unauthorized", "a valid bridge token is required (Authorization: Bearer …)", { ...c, "WWW-Authenticate": 'Bearer realm="presa-bridge"' });
    }
    const path = new URL(req.url ?? "/", "http://bridge").pathname;
    if (path === BRIDGE_PATHS.info && req.method === "GET") return sendJson(res, 200, info(), c);
    if (path === BRIDGE_PATHS.forward) return forward(req, res, { lookup, cors: c });
    if (path === BRIDGE_PATHS.servers && req.method === "GET") return sendJson(res, 200, await loadServersFile(serversFile), c);
    if (path === BRIDGE_PATHS.servers && req.method === "PUT") return putServers(req, res, c);
    if (path === BRIDGE_PATHS.sessions && req.method === "POST") return createSession(req, res, c);
    const m = /^\/sessions\/([0-9a-f-]{36})(\/events|\/messages)?$/.exec(path);
    const session = m ? sessions.get(m[1] ?? "") : undefined;
    if (!m || !session) return sendError(res, 404, "not-found", `no such endpoint or session: ${req.method} ${path}`, c);
    if (m[2] === "/events" && req.method === "GET") return streamEvents(req, res, m[1] ?? "", c);
    if (m[2] === "/messages" && req.method === "POST") return writeMessage(req, res, m[1] ?? "", c);
    if (m[2] === undefined && req.method === "DELETE") {
      res.writeHead(204, c).end();
      return void sessions.stop(session.id);
    }
    return sendError(res, 405, "bad-request", `${req.method} not allowed here`, { ...c, Allow: ALLOWED_METHODS });
  }

  function info(): BridgeInfo {
    return { name: "presa-bridge", version: BRIDGE_VERSION, cwd, inheritedEnv: INHERITED_ENV.filter((n) => process.env[n] !== undefined), platform: process.platform, sessions: sessions.size, spawned: sessions.spawned, serversFile };
  }

  function preflight(req: IncomingMessage, res: ServerResponse, c: Record<string, string>): void {
    const headers: Record<string, string> = {
      ...c,
      "Access-Control-Allow-Methods": ALLOWED_METHODS,
      "Access-Control-Allow-Headers": header(req, "access-control-request-headers") ?? "authorization, content-type",
      "Access-Control-Max-Age": "600",
    };
    // Chrome's Private Network Access asks before a public page may call a loopback address.
    if (header(req, "access-control-request-private-network") === "true") headers["Access-Control-Allow-Private-Network"] = "true";
    res.writeHead(204, headers).end();
  }

  async function createSession(req: IncomingMessage, res: ServerResponse, c: Record<string, string>): Promise<void> {
    const body = await readBody(req);
    if (body === "too-large") return sendError(res, 413, "too-large", "spawn request too large", c);
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      return sendError(res, 400, "bad-request", "the spawn request is not JSON", c);
    }
    const checked = checkSpawnSpec(value);
    if (!checked.ok) return sendError(res, 400, "bad-request", checked.reason, c);
    const dir = checked.value.cwd;
    if (dir !== undefined && !isAbsolute(dir)) return sendError(res, 400, "bad-request", "cwd must be an absolute path", c);
    if (dir !== undefined && !(await stat(dir).then((s) => s.isDirectory(), () => false))) return sendError(res, 400, "bad-request", `cwd ${dir} is not a directory`, c);
    const started = await sessions.start(checked.value);
    if (!started.ok) return sendError(res, started.status, started.status === 429 ? "conflict" : "spawn-failed", started.reason, c);
    log(`spawned ${started.session.spec.command} (pid ${started.session.pid}, session ${started.session.id})`);
    sendJson(res, 201, started.session.describe(), c);
  }

  /** Replaces the saved servers' file with the page's list (checked, capped); behind the same Host, Origin and token checks as every route. */
  async function putServers(req: IncomingMessage, res: ServerResponse, c: Record<string, string>): Promise<void> {
    const body = await readBody(req);
    if (body === "too-large" || body.length > MAX_SERVERS_FILE_BYTES) return sendError(res, 413, "too-large", "the servers list is too large", c);
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      return sendError(res, 400, "bad-request", "the servers list is not JSON", c);
    }
    const problem = checkServersFile(value);
    if (problem) return sendError(res, 400, "bad-request", problem, c);
    await saveServersFile(serversFile, value);
    res.writeHead(204, c).end();
  }

  function streamEvents(req: IncomingMessage, res: ServerResponse, id: string, c: Record<string, string>): void {
    const session = sessions.get(id);
    if (!session) return sendError(res, 404, "not-found", "no such session", c);
    if (session.attached) return sendError(res, 409, "conflict", "this session's output is already being read", c);
    const stopKeepAlive = startSse(res, c);
    // Backpressure: when the socket's buffer is full the session queues (bounded) and pauses the
    // process until the page has read what was sent.
    // One write per frame: many lines go out together, and the exit's frame ends the stream.
    const detach = sessions.attach(id, (frame, end) => {
      // Once the socket has taken the frame (or failed), its buffer serves the next frame.
      const written = (): void => recycle(frame);
      let more = true;
      if (frame.length === 1) more = res.write(frame[0] as Buffer, written);
      else {
        // A line's pieces go out in one writev, not one write each.
        res.cork();
        frame.forEach((part, i) => (more = i === frame.length - 1 ? res.write(part, written) : res.write(part)));
        res.uncork();
      }
      if (end) res.end();
      return more;
    });
    res.on("drain", () => session.resumeOutput());
    res.on("close", () => {
      stopKeepAlive();
      detach?.();
    });
  }

  async function writeMessage(req: IncomingMessage, res: ServerResponse, id: string, c: Record<string, string>): Promise<void> {
    const session = sessions.get(id);
    const body = await readBody(req);
    if (!session) return sendError(res, 404, "not-found", "no such session", c);
    if (body === "too-large") return sendError(res, 413, "too-large", "message too large", c);
    const text = body.toString("utf8");
    // One message per line: a newline inside would split it into two frames for the server.
    if (/[\r\n]/.test(text)) return sendError(res, 400, "bad-request", "a message must be one line of JSON", c);
    if (!parseFrame(text).ok) return sendError(res, 400, "bad-request", "not a JSON-RPC message", c);
    if (session.exit) return sendError(res, 410, "gone", "the server process has exited", c, session.exit);
    try {
      await session.write(text);
    } catch (error) {
      // A write breaks (EPIPE) when the process has closed its stdin, nearly always because it is
      // exiting: the page is told how it ended (code, last stderr), not of a broken pipe, even when
      // this answer reaches it before the exit event on the stream. A process that closed stdin and
      // goes on running is answered after the wait.
      const exit = await session.exitWithin(EXIT_AFTER_BROKEN_WRITE_MS);
      if (exit) return sendError(res, 410, "gone", "the server process has exited", c, exit);
      return sendError(res, 410, "gone", `the server process is not reading: ${error instanceof Error ? error.message : String(error)}`, c);
    }
    res.writeHead(202, c).end();
  }

  // A socket that connects and sends nothing is answered 408 and closed (HEADERS_TIMEOUT_MS); a
  // response (an event stream, a forwarded call) may last as long as it needs.
  const server = createServer(socketTimeoutOptions(options.socketTimeouts), (req, res) => {
    // Nothing the bridge answers is a page to frame or sniff.
    for (const [name, value] of Object.entries(BRIDGE_SECURITY_HEADERS)) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      log(`request failed: ${String(error)}`);
      if (!res.headersSent) sendError(res, 500, "bad-request", String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = ownHosts(host, port, options.allowedHosts);
  let closing: Promise<void> | undefined;
  const urlHost = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    token,
    server,
    sessions,
    setAllowedOrigins(origins, loopback = false) {
      policy = { loopback, origins: [...origins] };
    },
    close(graceMs?: number) {
      closing ??= (async () => {
        server.close();
        await sessions.stopAll(graceMs);
        server.closeAllConnections();
      })();
      return closing;
    },
    groups: () => sessions.everyGroup,
  };
}
