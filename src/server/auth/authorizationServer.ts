/**
 * A real OAuth 2.1 / OpenID authorization server for the protected demo, built on
 * oidc-provider: RFC 8414 + OpenID discovery, dynamic registration (RFC 7591), authorization code with
 * PKCE, resource indicators (RFC 8707: JWT access tokens whose `aud` is the MCP server), refresh
 * tokens, `iss` in authorization responses (RFC 9207). Its own pages: a login form for the one fixed
 * test user and a consent page (allow / deny). Binds 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWTPayload } from "jose";
import Provider, { errors, type KoaContextWithOIDC } from "oidc-provider";

/** The demo's one user; e2e signs in with these. */
export const TEST_USER = { username: "demo", password: "demo-password", name: "Demo User" } as const;

export interface AuthorizationServerOptions {
  /** The protected resource (the MCP server's URL) tokens are minted for. */
  resource: string;
  /** Scopes the resource knows, e.g. ["mcp:tools", "workspace:read"]. */
  scopes: readonly string[];
  port?: number;
  host?: string;
  /** Access token lifetime in seconds (default 3600). */
  accessTokenTtl?: number;
}

export interface RunningAuthorizationServer {
  /** The issuer identifier, e.g. http://127.0.0.1:3940 */
  issuer: string;
  port: number;
  server: Server;
  /** Verifies an access token for the resource: signature, issuer, audience, expiry. */
  verify(token: string): Promise<JWTPayload & { scope?: string }>;
  close(): Promise<void>;
}

/**
 * oidc-provider's storage, in memory (the demo keeps nothing across restarts). Its built-in one works
 * the same but announces itself as development-only on every start.
 */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

function memoryAdapter(): new (name: string) => object {
  const all = new Map<string, { payload: Payload; expires?: number }>();
  return class MemoryAdapter {
    readonly #name: string;
    constructor(name: string) {
      this.#name = name;
    }
    #key(id: string): string {
      return `${this.#name}:${id}`;
    }
    #get(key: string): Payload | undefined {
      const entry = all.get(key);
      if (entry?.expires !== undefined && entry.expires < Date.now()) {
        all.delete(key);
        return undefined;
      }
      return entry?.payload;
    }
    upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      all.set(this.#key(id), expiresIn ? { payload, expires: Date.now() + expiresIn * 1000 } : { payload });
      return Promise.resolve();
    }
    find(id: string): Promise<Payload | undefined> {
      return Promise.resolve(this.#get(this.#key(id)));
    }
    findByUid(uid: string): Promise<Payload | undefined> {
      for (const [key, entry] of all) if (key.startsWith(`${this.#name}:`) && entry.payload.uid === uid) return Promise.resolve(this.#get(key));
      return Promise.resolve(undefined);
    }
    findByUserCode(code: string): Promise<Payload | undefined> {
      for (const [key, entry] of all) if (key.startsWith(`${this.#name}:`) && entry.payload.userCode === code) return Promise.resolve(this.#get(key));
      return Promise.resolve(undefined);
    }
    consume(id: string): Promise<void> {
      const payload = this.#get(this.#key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string): Promise<void> {
      all.delete(this.#key(id));
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of all) if (entry.payload.grantId === grantId) all.delete(key);
      return Promise.resolve();
    }
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.6rem 0}input{width:100%;padding:.4rem}button{margin:.6rem .4rem 0 0;padding:.4rem .9rem}ul{padding-left:1.2rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) throw new Error("form too large");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startAuthorizationServer(options: AuthorizationServerOptions): Promise<RunningAuthorizationServer> {
  const host = options.host ?? "127.0.0.1";
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;

  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: "demo-key", alg: "RS256", use: "sig" };
  const publicJwk = { ...(await exportJWK(publicKey)), kid: "demo-key", alg: "RS256", use: "sig" };
  const resourceScope = options.scopes.join(" ");

  const provider = new Provider(issuer, {
    clients: [],
    adapter: memoryAdapter() as never,
    jwks: { keys: [privateJwk] },
    cookies: { keys: [crypto.randomUUID()] },
    scopes: ["openid", "offline_access", ...options.scopes],
    claims: { openid: ["sub"], profile: ["name"] },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== options.resource) throw new errors.InvalidTarget(`this server issues tokens for ${options.resource} only`);
          return {
            scope: resourceScope,
            audience: options.resource,
            accessTokenTTL: options.accessTokenTtl ?? 3600,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    pkce: { required: () => true },
    // A refresh token whenever the client registered the grant (not only with offline_access).
    issueRefreshToken: (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed("refresh_token"),
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) =>
      id === TEST_USER.username ? { accountId: id, claims: () => ({ sub: id, name: TEST_USER.name }) } : undefined,
    clientBasedCORS: () => true,
    ttl: { AccessToken: options.accessTokenTtl ?? 3600, Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 86_400, AuthorizationCode: 60, IdToken: 3600 },
  });
  provider.proxy = false;
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error("interaction mismatch");
    const prompt = details.prompt;
    const send = (status: number, html: string): void => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
    };
    if (req.method === "GET") {
      if (prompt.name === "login") {
        return send(
          200,
          page(
            "Sign in",
            `<p>Test user <code>${escapeHtml(TEST_USER.username)}</code>, password <code>${escapeHtml(TEST_USER.password)}</code>.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" data-step="login">
<label>Username <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>`,
          ),
        );
      }
      const client = await provider.Client.find(String(details.params.client_id));
      const missing = (prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
      const scopes = [...new Set([...((prompt.details.missingOIDCScope as string[] | undefined) ?? []), ...Object.values(missing).flat()])];
      return send(
        200,
        page(
          "Allow access?",
          `<p><strong>${escapeHtml(client?.clientName ?? String(details.params.client_id))}</strong> asks to use the MCP server for ${escapeHtml(TEST_USER.name)}.</p>
<ul>${scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join("") || "<li>(no scopes)</li>"}</ul>
<form method="post" action="/interaction/${escapeHtml(uid)}/confirm" data-step="consent"><button type="submit" name="allow" value="yes">Allow</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort" data-step="deny"><button type="submit">Deny</button></form>`,
        ),
      );
    }
    if (req.method !== "POST") return send(405, page("Not allowed", ""));
    if (action === "login") {
      const form = await readForm(req);
      if (form.get("username") !== TEST_USER.username || form.get("password") !== TEST_USER.password) {
        return send(401, page("Sign in failed", `<p>Wrong username or password.</p><p><a href="/interaction/${escapeHtml(uid)}">Try again</a></p>`));
      }
      await provider.interactionFinished(req, res, { login: { accountId: TEST_USER.username } }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === "confirm") {
      await readForm(req);
      const accountId = details.session?.accountId;
      const clientId = String(details.params.client_id);
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
      if (!grant) throw new Error("grant not found");
      const missingOidc = prompt.details.missingOIDCScope as string[] | undefined;
      if (missingOidc) grant.addOIDCScope(missingOidc.join(" "));
      const missingResource = prompt.details.missingResourceScopes as Record<string, string[]> | undefined;
      for (const [indicator, scopes] of Object.entries(missingResource ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (action === "abort") {
      await readForm(req);
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "the user denied access on the consent page" }, { mergeWithLastSubmission: false });
      return;
    }
    send(404, page("Not found", ""));
  }

  http.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(new URL(req.url ?? "/", issuer).pathname);
    if (match?.[1]) {
      interaction(req, res, match[1], match[2]).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
        res.end(page("Sign-in error", `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`));
      });
      return;
    }
    void callback(req, res);
  });

  const keySet = createLocalJWKSet({ keys: [publicJwk] });
  return {
    issuer,
    port,
    server: http,
    async verify(token) {
      const { payload } = await jwtVerify(token, keySet, { issuer, audience: options.resource });
      return payload as JWTPayload & { scope?: string };
    },
    close: () =>
      new Promise<void>((done) => {
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
}
