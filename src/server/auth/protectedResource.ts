/**
 * The demo MCP endpoint as an OAuth protected resource (MCP "Authorization", RFC 9728, RFC 6750):
 * protected resource metadata at both well-known locations, a bearer token check (signature,
 * issuer, audience = this resource, expiry) on every MCP request, 401 with a WWW-Authenticate
 * challenge naming the metadata and the scope, and 403 insufficient_scope for a tool that needs more.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { isObject } from "../../core/protocol";
import { header, readBodyBytes } from "../http/wire";

export interface ProtectOptions {
  /** The MCP endpoint's URL: the resource identifier tokens must be minted for. */
  resource: string;
  /** Issuer identifiers listed in the metadata. */
  authorizationServers: readonly string[];
  /** Needed for any MCP request. */
  baseScope: string;
  /** tools/call of these tools needs this scope besides the base one. */
  toolScopes: Readonly<Record<string, string>>;
  /** Validates a token for this resource (throws when it is not valid); returns its claims. */
  verify(token: string): Promise<{ scope?: string }>;
}

/** The metadata document (RFC 9728 §2). */
export function protectedResourceMetadata(options: ProtectOptions): Record<string, unknown> {
  return {
    resource: options.resource,
    authorization_servers: options.authorizationServers,
    scopes_supported: [...new Set([options.baseScope, ...Object.values(options.toolScopes)])],
    bearer_methods_supported: ["header"],
    resource_name: "presa demo server (protected)",
  };
}

const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "WWW-Authenticate, Mcp-Session-Id, MCP-Protocol-Version" };

/**
 * Wraps an MCP HTTP handler. The request body is read once to see which tool a tools/call names and
 * handed on to `inner` as a fresh stream.
 */
export function protect(
  inner: (req: IncomingMessage, res: ServerResponse) => void,
  options: ProtectOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const resourceUrl = new URL(options.resource);
  const mcpPath = resourceUrl.pathname;
  const metadataPaths = new Set([`/.well-known/oauth-protected-resource${mcpPath === "/" ? "" : mcpPath}`, "/.well-known/oauth-protected-resource"]);
  const metadataUrl = `${resourceUrl.origin}/.well-known/oauth-protected-resource${mcpPath === "/" ? "" : mcpPath}`;
  const document = JSON.stringify(protectedResourceMetadata(options));

  const challenge = (res: ServerResponse, status: 401 | 403, scope: string, error?: string, description?: string): void => {
    const params = [`resource_metadata="${metadataUrl}"`, `scope="${scope}"`];
    if (error) params.push(`error="${error}"`);
    if (description) params.push(`error_description="${description.replace(/["\\]/g, "")}"`);
    res
      .writeHead(status, { ...CORS, "Content-Type": "application/json", "WWW-Authenticate": `Bearer ${params.join(", ")}` })
      .end(JSON.stringify({ error: error ?? "unauthorized", error_description: description ?? "a bearer token is required" }));
  };

  return (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (metadataPaths.has(pathname)) {
      if (req.method === "OPTIONS") return void res.writeHead(204, { ...CORS, "Access-Control-Allow-Methods": "GET", "Access-Control-Allow-Headers": "*" }).end();
      return void res.writeHead(200, { ...CORS, "Content-Type": "application/json", "Cache-Control": "no-store" }).end(document);
    }
    if (pathname !== mcpPath || req.method === "OPTIONS") return inner(req, res);
    void (async () => {
      const authorization = header(req, "authorization");
      const token = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1];
      if (!token) return challenge(res, 401, options.baseScope);
      let granted: Set<string>;
      try {
        const claims = await options.verify(token);
        granted = new Set((claims.scope ?? "").split(" ").filter(Boolean));
      } catch (error) {
        return challenge(res, 401, options.baseScope, "invalid_token", error instanceof Error ? error.message : "the token is not valid");
      }
      if (!granted.has(options.baseScope)) return challenge(res, 403, options.baseScope, "insufficient_scope", `this server needs scope ${options.baseScope}`);
      if (req.method !== "POST") return inner(req, res);
      const body = await readBodyBytes(req);
      if (body === "too-large") return void res.writeHead(413, CORS).end();
      const needed = requiredScope(body, options.toolScopes);
      if (needed && !granted.has(needed)) {
        return challenge(res, 403, [...granted, needed].join(" "), "insufficient_scope", `this tool needs scope ${needed}`);
      }
      inner(replay(req, body), res);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, CORS);
      res.end(String(error));
    });
  };
}

function requiredScope(body: Buffer, toolScopes: Readonly<Record<string, string>>): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!isObject(message) || message.method !== "tools/call" || !isObject(message.params)) return undefined;
  const name = message.params.name;
  return typeof name === "string" ? toolScopes[name] : undefined;
}

/** The request again, with its body as a new stream (headers, method and url as they were). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const stream = Readable.from([body]) as unknown as IncomingMessage;
  Object.assign(stream, { headers: req.headers, method: req.method, url: req.url, socket: req.socket, httpVersion: req.httpVersion });
  return stream;
}
