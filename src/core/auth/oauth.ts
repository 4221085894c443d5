/**
 * MCP authorization (spec "Authorization", 2025-06-18 / 2025-11-25 / 2026-07-28, with the 2025-03-26
 * fallbacks): on a 401, protected resource metadata (RFC 9728) → authorization server metadata (RFC
 * 8414 / OpenID discovery) → client registration (pre-registered, client ID metadata document, or RFC
 * 7591) → authorization code with PKCE S256 and `resource` (RFC 8707) → tokens; step-up on 403
 * insufficient_scope; refresh. The protocol mechanics (metadata validation, PKCE, the authorization
 * response's `iss`/`state`, token requests and responses, client authentication) are oauth4webapi's.
 *
 * Framework-free: the host injects fetch (the app may route through its bridge), the "send the user to
 * this URL and wait for the callback" step, and a listener for the step log.
 */
import * as oauth from "oauth4webapi";
import { HumanWaits } from "../jsonrpc/humanWaits";
import { AuthStepLog, type AuthHttpRecord, type AuthHttpResponseRecord, type AuthStage, type AuthStep } from "./stepLog";

/** Sends the user agent to `url` and resolves with the full callback URL the authorization server redirected to. */
export type AuthorizeStep = (request: { url: string; redirectUrl: string; signal?: AbortSignal }) => Promise<string>;

export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
  /** Defaults from the server's metadata: basic when it allows it, else post; `none` without a secret. */
  tokenEndpointAuthMethod?: "none" | "client_secret_basic" | "client_secret_post";
  /** Use this client only at this authorization server (issuer); unset: at any. */
  issuer?: string;
}

export interface OAuthClientOptions {
  /** Where the authorization server sends the user back (the app's callback route; any loopback URL in Node). */
  redirectUrl: string;
  /** The redirect + wait-for-callback step: a browser popup in the app, an automatic user agent in Node. */
  authorize: AuthorizeStep;
  /** Every HTTP request of the flow goes through this (default: globalThis.fetch). */
  fetch?: typeof fetch;
  /** An HTTPS URL whose document describes this client (client ID metadata documents, SEP-991). */
  clientMetadataUrl?: string;
  /** A client the user registered by hand; preferred over any registration. */
  preRegistered?: PreRegisteredClient;
  /** Sent with dynamic registration. */
  clientName?: string;
  /** `native` for loopback redirects (the default), `web` for the browser app's callback. */
  applicationType?: "native" | "web";
  /** Overrides the scope choice (WWW-Authenticate, else scopes_supported, else none). */
  scope?: string;
  /** Authorizations one request may trigger on 403 insufficient_scope before it gives up (default 2). */
  maxStepUps?: number;
  /** Each step of the log as it is added (the UI renders these). */
  onStep?: (step: AuthStep, all: readonly AuthStep[]) => void;
  /** http:// endpoints are allowed (local servers); default true. */
  allowHttp?: boolean;
  /** Clock for token expiry (tests). */
  now?: () => number;
  /**
   * Where the wait on the person in the sign-in window is counted (default: a new one, as
   * `humanWaits`): while it is open, the requests of every connection sharing it stop their timers.
   */
  humanWaits?: HumanWaits;
}

/** The tokens for one resource, held in memory only. */
export interface TokenSet {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** ms since epoch. */
  expiresAt?: number;
  scope?: string;
  issuer: string;
  resource?: string;
}

/** What the host may show of the current sign-in: never the tokens themselves. */
export interface AuthStatus {
  signedIn: boolean;
  issuer?: string;
  clientId?: string;
  scope?: string;
  expiresAt?: number;
  hasRefreshToken: boolean;
}

/** A token this close to its expiry (by the client's clock) is refreshed before use. */
const EXPIRY_MARGIN_MS = 0;

/** A failed sign-in: the stage that failed and why, in words (also the last `failed` step of the log). */
export class AuthFlowError extends Error {
  readonly stage: AuthStage;
  /** The request it failed stands unauthorized: a transport reports 401, and nothing retries it. */
  readonly status = 401;
  /** The reason alone, without the "sign-in stopped at …" prefix. */
  readonly reason: string;
  constructor(stage: AuthStage, reason: string, options?: { cause?: unknown }) {
    super(`sign-in stopped at ${stage.replace(/-/g, " ")}: ${reason}`, options);
    this.name = "AuthFlowError";
    this.stage = stage;
    this.reason = reason;
  }
}

interface Registration {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  method: string;
  how: string;
}

interface Discovery {
  serverUrl: string;
  resource: string | undefined;
  as: oauth.AuthorizationServer;
  scopesSupported: string[] | undefined;
  legacy: boolean;
}

/** The Bearer challenge of a response (RFC 6750 §3), parsed by oauth4webapi. */
export interface BearerChallenge {
  scope?: string;
  resourceMetadata?: string;
  error?: string;
  errorDescription?: string;
}

export async function bearerChallenge(response: Response): Promise<BearerChallenge | undefined> {
  const challenges = await parseChallenges(response);
  const bearer = challenges?.find((c) => c.scheme === "bearer");
  if (!bearer) return undefined;
  const p = bearer.parameters;
  const out: BearerChallenge = {};
  if (p.scope) out.scope = p.scope;
  if (p.resource_metadata) out.resourceMetadata = p.resource_metadata;
  if (p.error) out.error = p.error;
  if (p.error_description) out.errorDescription = p.error_description;
  return out;
}

/**
 * oauth4webapi's WWW-Authenticate parser, reached through its only public door: protectedResourceRequest
 * throws WWWAuthenticateChallengeError with the parsed challenges. The "request" is answered by the
 * response we already have, so nothing is sent.
 */
async function parseChallenges(response: Response): Promise<oauth.WWWAuthenticateChallenge[] | undefined> {
  if (!response.headers.has("www-authenticate")) return undefined;
  try {
    await oauth.protectedResourceRequest("-", "GET", new URL("http://challenge.invalid/"), new Headers(), null, {
      [oauth.customFetch]: () => Promise.resolve(response),
      [oauth.allowInsecureRequests]: true,
    });
  } catch (error) {
    if (error instanceof oauth.WWWAuthenticateChallengeError) return error.cause;
  }
  return undefined;
}

/** RFC 8707 / MCP "canonical server URI": the URL without fragment. */
function canonical(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}

/**
 * Whether the resource a PRM document names is exactly one it may name (RFC 9728 §3.3): the resource
 * identifier its well-known location was built from, or the URL the request went to (for a document
 * the challenge pointed to). Compared as parsed URLs (case of scheme and host, default port), never
 * as a prefix: a document for `https://host/` does not speak for `https://host/mcp`.
 */
function resourceIs(resource: string, allowed: readonly string[]): boolean {
  let r: string;
  try {
    r = new URL(resource).href;
  } catch {
    return false;
  }
  return allowed.some((a) => new URL(a).href === r);
}

/**
 * Servers often leave out client_secret_expires_at, which RFC 7591 §3.2.1 requires with a secret;
 * oauth4webapi (rightly) refuses that. The client treats it as "never expires" and says so in the log.
 */
async function tolerateRegistration(response: Response, notes: string[]): Promise<Response> {
  if (response.status !== 201 && response.status !== 200) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return response;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return response;
  const record = body as Record<string, unknown>;
  if (typeof record.client_secret !== "string" || record.client_secret_expires_at !== undefined) return response;
  record.client_secret_expires_at = 0;
  notes.push("the server omitted client_secret_expires_at (RFC 7591 requires it with a secret): taken as never expiring");
  return new Response(JSON.stringify(record), { status: response.status, headers: { "content-type": "application/json" } });
}

/**
 * client_secret_basic (RFC 6749 §2.3.1). oauth4webapi form-encodes every non-alphanumeric character
 * ("-" becomes %2D), which servers that do not decode the pair reject; encodeURIComponent leaves the
 * unreserved characters alone, which reads the same to a server that decodes and to one that does not.
 */
function clientSecretBasic(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const pair = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`;
    headers.set("authorization", `Basic ${btoa(pair)}`);
  };
}

function describe(error: unknown): string {
  if (error instanceof oauth.AuthorizationResponseError) return `${error.error}${error.error_description ? `: ${error.error_description}` : ""}`;
  if (error instanceof oauth.ResponseBodyError) return `${error.error}${error.error_description ? `: ${error.error_description}` : ""} (HTTP ${error.status})`;
  if (error instanceof oauth.WWWAuthenticateChallengeError) return `HTTP ${error.status} with WWW-Authenticate ${error.response.headers.get("www-authenticate") ?? ""}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * One OAuth client for one MCP server. `wrapFetch` gives the transport a fetch that carries the
 * bearer token and, on 401 / 403 insufficient_scope, runs the flow and retries the request once.
 */
export class OAuthClient {
  readonly #options: OAuthClientOptions;
  readonly #fetch: typeof fetch;
  readonly #log: AuthStepLog;
  readonly #now: () => number;
  /** Registrations by issuer: credentials of one authorization server are never shown to another (SEP-2352). */
  readonly #registrations = new Map<string, Registration>();
  #tokens: TokenSet | undefined;
  #discovery: Discovery | undefined;
  /** Scopes requested so far, unioned on step-up (SEP-2350). */
  #requestedScopes = new Set<string>();
  /** One flow at a time: concurrent 401s wait for the same sign-in. */
  #pending: Promise<void> | undefined;
  /** Open while the person is in the sign-in window; transports pass it to their connections. */
  readonly humanWaits: HumanWaits;

  constructor(options: OAuthClientOptions) {
    this.#options = options;
    this.humanWaits = options.humanWaits ?? new HumanWaits();
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#log = new AuthStepLog(options.onStep);
    this.#now = options.now ?? Date.now;
  }

  /** The guided log of every step so far (redacted). */
  get steps(): readonly AuthStep[] {
    return this.#log.steps;
  }

  get status(): AuthStatus {
    const t = this.#tokens;
    const status: AuthStatus = { signedIn: t !== undefined, hasRefreshToken: t?.refreshToken !== undefined };
    if (t?.issuer) status.issuer = t.issuer;
    if (t?.scope) status.scope = t.scope;
    if (t?.expiresAt !== undefined) status.expiresAt = t.expiresAt;
    const reg = t ? this.#registrations.get(t.issuer) : undefined;
    if (reg) status.clientId = reg.client.client_id;
    return status;
  }

  /** The current access token (for the Authorization header only; never log it). */
  get accessToken(): string | undefined {
    return this.#tokens?.accessToken;
  }

  /** Forgets the tokens (registrations stay, as a client would keep its client id). */
  signOut(): void {
    this.#tokens = undefined;
    this.#requestedScopes.clear();
  }

  /**
   * A fetch for the transport: adds `Authorization: Bearer`, and on 401 (or 403 insufficient_scope)
   * signs in (or refreshes, or steps up) and sends the request again. Failures reject with AuthFlowError.
   */
  wrapFetch(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      let signIns = 0;
      let stepUps = 0;
      const maxStepUps = this.#options.maxStepUps ?? 2;
      for (;;) {
        if (this.#pending) await this.#pending.catch(() => undefined);
        // An access token known to have expired is refreshed before it is sent (a 401 would follow).
        const expiring = this.#tokens;
        if (expiring?.refreshToken && expiring.expiresAt !== undefined && this.#now() >= expiring.expiresAt - EXPIRY_MARGIN_MS && signIns === 0) {
          await this.#run(async () => {
            if (this.#tokens === expiring) await this.#tryRefresh();
          }).catch(() => undefined);
        }
        const headers = new Headers(init?.headers);
        const sentToken = this.#tokens?.accessToken;
        if (sentToken !== undefined) headers.set("Authorization", `Bearer ${sentToken}`);
        const response = await inner(input, { ...init, headers });
        if (response.status === 401 && signIns < 2) {
          signIns++;
          await this.#run(() => this.#onUnauthorized(url, response, sentToken));
          continue;
        }
        if (response.status === 403) {
          const challenge = await bearerChallenge(response);
          if (challenge?.error !== "insufficient_scope") return response;
          if (stepUps >= maxStepUps) {
            this.#log.add({
              stage: "step-up",
              title: "Step-up limit reached",
              outcome: "failed",
              error: `the server answered 403 insufficient_scope ${stepUps + 1} times for this request (scope "${challenge.scope ?? ""}"); giving up after ${maxStepUps} step-up authorizations`,
            });
            return response;
          }
          stepUps++;
          await this.#run(() => this.#onInsufficientScope(url, response, challenge));
          continue;
        }
        return response;
      }
    };
  }

  /** Signs in to `serverUrl` now, as if it had answered 401 with no challenge (e.g. a "Sign in" button). */
  async signIn(serverUrl: string): Promise<void> {
    await this.#run(() => this.#authorizeFresh(serverUrl, undefined, undefined));
  }

  /** Exchanges the refresh token for new tokens; rejects when there is none or the server refuses. */
  async refresh(): Promise<void> {
    await this.#run(async () => {
      if (!(await this.#tryRefresh())) throw new AuthFlowError("refresh", "no refresh token, or the authorization server refused it (see the step log)");
    });
  }

  async #run(flow: () => Promise<void>): Promise<void> {
    if (this.#pending) return this.#pending;
    const pending = flow().finally(() => {
      if (this.#pending === pending) this.#pending = undefined;
    });
    this.#pending = pending;
    return pending;
  }

  async #onUnauthorized(url: string, response: Response, sentToken: string | undefined): Promise<void> {
    const challenge = await bearerChallenge(response);
    this.#log.add({
      stage: "challenge",
      title: `The server answered 401 to ${url}`,
      outcome: "info",
      response: await AuthStepLog.describe(response),
      decision: sentToken
        ? "the token was refused: refreshing it if there is a refresh token, else signing in again"
        : `sign-in needed${challenge?.resourceMetadata ? "; the challenge names the resource metadata" : ""}${challenge?.scope ? `; it asks for scope "${challenge.scope}"` : ""}`,
    });
    await response.body?.cancel().catch(() => undefined);
    if (sentToken && this.#tokens?.accessToken === sentToken && (await this.#tryRefresh())) return;
    if (sentToken && this.#tokens?.accessToken !== sentToken) return; // another request already renewed it
    await this.#authorizeFresh(url, challenge, undefined);
  }

  async #onInsufficientScope(url: string, response: Response, challenge: BearerChallenge): Promise<void> {
    const previous = [...this.#requestedScopes].join(" ");
    this.#log.add({
      stage: "step-up",
      title: `The server answered 403 insufficient_scope to ${url}`,
      outcome: "info",
      response: await AuthStepLog.describe(response),
      decision: `authorizing again for scope "${challenge.scope ?? ""}" together with the scopes asked before ("${previous}")`,
    });
    await response.body?.cancel().catch(() => undefined);
    await this.#authorizeFresh(url, challenge, [...this.#requestedScopes]);
  }

  async #tryRefresh(): Promise<boolean> {
    const tokens = this.#tokens;
    const discovery = this.#discovery;
    if (!tokens?.refreshToken || !discovery) return false;
    const reg = this.#registrations.get(discovery.as.issuer);
    if (!reg) return false;
    const additionalParameters: Record<string, string> = {};
    if (discovery.resource) additionalParameters.resource = discovery.resource;
    const rec = this.#recorder();
    try {
      const response = await oauth.refreshTokenGrantRequest(discovery.as, reg.client, reg.auth, tokens.refreshToken, {
        ...this.#lib(rec.fetch),
        additionalParameters,
      });
      const result = await oauth.processRefreshTokenResponse(discovery.as, reg.client, response);
      this.#store(result, discovery);
      this.#log.add({ stage: "refresh", title: "Refreshed the access token", outcome: "ok", ...rec.last(), decision: "new access token stored (in memory)" });
      return true;
    } catch (error) {
      this.#log.add({ stage: "refresh", title: "Refreshing the access token", outcome: "skipped", ...rec.last(), error: describe(error), decision: "the refresh token was not accepted; signing in again" });
      return false;
    }
  }

  async #authorizeFresh(url: string, challenge: BearerChallenge | undefined, previousScopes: string[] | undefined): Promise<void> {
    const serverUrl = canonical(url);
    const discovery = await this.#discover(serverUrl, challenge?.resourceMetadata);
    this.#discovery = discovery;
    const scope = this.#chooseScope(discovery, challenge?.scope, previousScopes);
    const reg = await this.#register(discovery);
    await this.#authorizationCode(discovery, reg, scope);
  }

  // ---- discovery -------------------------------------------------------------------------------

  async #discover(serverUrl: string, hint: string | undefined): Promise<Discovery> {
    const prm = await this.#protectedResource(serverUrl, hint);
    if (prm) {
      const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers.filter((s): s is string => typeof s === "string") : [];
      const issuer = servers[0];
      if (!issuer) this.#fail("protected-resource-metadata", "the protected resource metadata lists no authorization_servers");
      const as = await this.#authorizationServer(issuer, false);
      return { serverUrl, resource: prm.resource, as, scopesSupported: prm.scopes_supported, legacy: false };
    }
    // 2025-03-26: no protected resource metadata; the authorization server is the MCP server's origin.
    const origin = new URL(serverUrl).origin;
    this.#log.add({
      stage: "protected-resource-metadata",
      title: "No protected resource metadata",
      outcome: "info",
      decision: `falling back to the 2025-03-26 rules: the authorization server is the server's origin ${origin}`,
    });
    const as = await this.#authorizationServer(origin, true);
    return { serverUrl, resource: serverUrl, as, scopesSupported: undefined, legacy: true };
  }

  async #protectedResource(serverUrl: string, hint: string | undefined): Promise<oauth.ResourceServer | undefined> {
    const url = new URL(serverUrl);
    // Each location with the resource identifiers a document there may name (RFC 9728 §3.3).
    const candidates: { url: string; why: string; resources: string[] }[] = [];
    if (hint) {
      try {
        const hinted = new URL(hint, serverUrl);
        if (!this.#webUrl(hinted)) throw new Error("not a web URL");
        candidates.push({ url: hinted.href, why: "from the WWW-Authenticate resource_metadata hint", resources: [serverUrl] });
      } catch {
        this.#log.add({ stage: "protected-resource-metadata", title: "Unusable resource_metadata hint", outcome: "skipped", decision: `"${hint}" is not an ${this.#webSchemes()} URL; trying the well-known locations` });
      }
    }
    const path = url.pathname.replace(/\/$/, "");
    if (path !== "") candidates.push({ url: `${url.origin}/.well-known/oauth-protected-resource${path}`, why: "at the path-aware well-known location", resources: [serverUrl] });
    // The root location is built from the origin as the resource; a document there naming the server's own URL is as exact.
    candidates.push({ url: `${url.origin}/.well-known/oauth-protected-resource`, why: "at the root well-known location", resources: [url.origin, serverUrl] });
    for (const candidate of candidates) {
      let exchange;
      try {
        exchange = await AuthStepLog.exchange(this.#fetch, candidate.url, { method: "GET", headers: { Accept: "application/json" } });
      } catch (error) {
        this.#log.add({ stage: "protected-resource-metadata", title: `Protected resource metadata ${candidate.why}`, outcome: "skipped", request: { method: "GET", url: candidate.url }, error: describe(error) });
        continue;
      }
      const { response, request, record } = exchange;
      const base = { stage: "protected-resource-metadata" as const, title: `Protected resource metadata ${candidate.why}`, request, response: record };
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        this.#log.add({ ...base, outcome: "skipped", decision: `HTTP ${response.status}: trying the next location` });
        continue;
      }
      let prm: oauth.ResourceServer;
      try {
        prm = await oauth.processResourceDiscoveryResponse((oauth as unknown as { _nodiscoverycheck: URL })._nodiscoverycheck, response);
      } catch (error) {
        this.#log.add({ ...base, outcome: "failed", error: `not usable protected resource metadata: ${describe(error)}` });
        throw new AuthFlowError("protected-resource-metadata", `the protected resource metadata at ${candidate.url} is not usable: ${describe(error)}`, { cause: error });
      }
      if (!resourceIs(prm.resource, candidate.resources)) {
        const why = `its resource "${prm.resource}" is not exactly ${candidate.resources.map((r) => `"${r}"`).join(" or ")} (RFC 9728 requires the identical resource): a token for it must not be sought`;
        this.#log.add({ ...base, outcome: "failed", error: why });
        throw new AuthFlowError("protected-resource-metadata", `refused the protected resource metadata: ${why}`);
      }
      this.#log.add({ ...base, outcome: "ok", decision: `resource "${prm.resource}", authorization server ${JSON.stringify(prm.authorization_servers ?? [])}` });
      return prm;
    }
    return undefined;
  }

  /** The authorization server's metadata: RFC 8414 and OpenID discovery, with the path-insertion variants. */
  async #authorizationServer(issuer: string, legacy: boolean): Promise<oauth.AuthorizationServer> {
    let issuerUrl: URL;
    try {
      issuerUrl = new URL(issuer);
    } catch {
      this.#fail("authorization-server-metadata", `the authorization server "${issuer}" is not a URL`);
    }
    // Nothing is asked of a file:, data: or other non-web "server": its origin is "null", and no well-known URL exists for it.
    if (!this.#webUrl(issuerUrl)) this.#fail("authorization-server-metadata", `the authorization server "${issuer}" is not an ${this.#webSchemes()} URL: nothing is requested from it`);
    const path = issuerUrl.pathname.replace(/\/$/, "");
    const origin = issuerUrl.origin;
    const candidates =
      path === ""
        ? [`${origin}/.well-known/oauth-authorization-server`, `${origin}/.well-known/openid-configuration`]
        : [`${origin}/.well-known/oauth-authorization-server${path}`, `${origin}/.well-known/openid-configuration${path}`, `${origin}${path}/.well-known/openid-configuration`];
    for (const url of candidates) {
      let exchange;
      try {
        exchange = await AuthStepLog.exchange(this.#fetch, url, { method: "GET", headers: { Accept: "application/json" } });
      } catch (error) {
        this.#log.add({ stage: "authorization-server-metadata", title: "Authorization server metadata", outcome: "skipped", request: { method: "GET", url }, error: describe(error) });
        continue;
      }
      const { response, request, record } = exchange;
      const base = { stage: "authorization-server-metadata" as const, title: `Authorization server metadata of ${issuer}`, request, response: record };
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        this.#log.add({ ...base, outcome: "skipped", decision: `HTTP ${response.status}: trying the next location` });
        continue;
      }
      let as: oauth.AuthorizationServer;
      try {
        as = await oauth.processDiscoveryResponse(issuerUrl, response);
      } catch (error) {
        const body = error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON;
        const why = body
          ? `its issuer does not match the issuer the metadata was looked up for (${issuer}); refusing metadata that names another authorization server`
          : `not usable authorization server metadata: ${describe(error)}`;
        this.#log.add({ ...base, outcome: "failed", error: why });
        throw new AuthFlowError("authorization-server-metadata", `refused the authorization server metadata at ${url}: ${why}`, { cause: error });
      }
      if (!legacy && !as.code_challenge_methods_supported?.includes("S256")) {
        const why = "it does not list S256 in code_challenge_methods_supported, so PKCE cannot be confirmed (MCP requires refusing)";
        this.#log.add({ ...base, outcome: "failed", error: why });
        throw new AuthFlowError("authorization-server-metadata", `refused the authorization server ${issuer}: ${why}`);
      }
      this.#log.add({
        ...base,
        outcome: "ok",
        decision: `issuer ${as.issuer}; authorize at ${as.authorization_endpoint ?? "?"}, tokens at ${as.token_endpoint ?? "?"}${as.registration_endpoint ? `, registration at ${as.registration_endpoint}` : ""}`,
      });
      return as;
    }
    if (!legacy) this.#fail("authorization-server-metadata", `no authorization server metadata for ${issuer} at ${candidates.join(", ")}`);
    const as: oauth.AuthorizationServer = {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
    };
    this.#log.add({
      stage: "authorization-server-metadata",
      title: "Default endpoints (2025-03-26)",
      outcome: "info",
      decision: `no metadata anywhere: using the 2025-03-26 default endpoints /authorize, /token and /register at ${origin}`,
    });
    return as;
  }

  #chooseScope(discovery: Discovery, challenged: string | undefined, previous: string[] | undefined): string | undefined {
    let scopes: string[];
    let why: string;
    if (this.#options.scope !== undefined) {
      scopes = this.#options.scope.split(" ").filter(Boolean);
      why = "the scope given in the settings";
    } else if (challenged) {
      scopes = challenged.split(" ").filter(Boolean);
      why = "the scope of the WWW-Authenticate challenge";
    } else if (discovery.scopesSupported?.length) {
      scopes = [...discovery.scopesSupported];
      why = "all of scopes_supported in the protected resource metadata";
    } else {
      scopes = [];
      why = "no challenge scope and no scopes_supported: no scope parameter";
    }
    if (previous?.length) {
      scopes = [...new Set([...previous, ...scopes])];
      why += ", together with the scopes asked before";
    }
    if (scopes.length > 0 && discovery.as.scopes_supported?.includes("offline_access") && !scopes.includes("offline_access")) {
      scopes.push("offline_access");
      why += "; offline_access added since the authorization server offers it (refresh tokens)";
    }
    this.#requestedScopes = new Set(scopes);
    const scope = scopes.length ? scopes.join(" ") : undefined;
    this.#log.add({ stage: "authorization", title: "Scope", outcome: "info", decision: `${scope ? `scope "${scope}"` : "no scope"}: ${why}` });
    return scope;
  }

  // ---- registration ------------------------------------------------------------------------------

  async #register(discovery: Discovery): Promise<Registration> {
    const as = discovery.as;
    const known = this.#registrations.get(as.issuer);
    if (known) return known;
    const supported = as.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    const withSecret = (clientId: string, secret: string | undefined, method: string | undefined, how: string): Registration => {
      const chosen = method ?? (secret === undefined ? "none" : supported.includes("client_secret_basic") ? "client_secret_basic" : supported.includes("client_secret_post") ? "client_secret_post" : "client_secret_basic");
      const auth = chosen === "client_secret_post" && secret ? oauth.ClientSecretPost(secret) : chosen === "client_secret_basic" && secret ? clientSecretBasic(secret) : oauth.None();
      return { client: { client_id: clientId, token_endpoint_auth_method: chosen }, auth, method: chosen, how };
    };
    let reg: Registration;
    const pre = this.#options.preRegistered;
    if (pre && (pre.issuer === undefined || pre.issuer === as.issuer)) {
      reg = withSecret(pre.clientId, pre.clientSecret, pre.tokenEndpointAuthMethod, "the pre-registered client");
      this.#log.add({ stage: "registration", title: "Client: pre-registered", outcome: "ok", decision: `client id "${pre.clientId}", token endpoint auth ${reg.method}` });
    } else if (as.client_id_metadata_document_supported === true && this.#options.clientMetadataUrl) {
      reg = withSecret(this.#options.clientMetadataUrl, undefined, "none", "a client ID metadata document");
      this.#log.add({
        stage: "registration",
        title: "Client: client ID metadata document",
        outcome: "ok",
        decision: `the server supports client ID metadata documents: client id is the URL ${this.#options.clientMetadataUrl}`,
      });
    } else if (as.registration_endpoint) {
      reg = await this.#dynamicRegistration(as, supported);
    } else {
      this.#fail(
        "registration",
        `the authorization server ${as.issuer} offers neither dynamic registration nor client ID metadata documents${this.#options.clientMetadataUrl ? "" : " (and no client metadata URL is set)"}: enter a pre-registered client id`,
      );
    }
    this.#registrations.set(as.issuer, reg);
    return reg;
  }

  async #dynamicRegistration(as: oauth.AuthorizationServer, supported: string[]): Promise<Registration> {
    const requested = supported.includes("none") ? "none" : supported.includes("client_secret_basic") ? "client_secret_basic" : supported.includes("client_secret_post") ? "client_secret_post" : "none";
    const metadata: Partial<oauth.Client> = {
      client_name: this.#options.clientName ?? "presa inspector",
      redirect_uris: [this.#options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: requested,
      application_type: this.#options.applicationType ?? "native",
    };
    const rec = this.#recorder();
    const notes: string[] = [];
    try {
      const response = await oauth.dynamicClientRegistrationRequest(as, metadata, this.#lib(rec.fetch));
      const client = await oauth.processDynamicClientRegistrationResponse(await tolerateRegistration(response, notes));
      const secret = typeof client.client_secret === "string" ? client.client_secret : undefined;
      const method = typeof client.token_endpoint_auth_method === "string" ? client.token_endpoint_auth_method : secret === undefined ? "none" : undefined;
      const chosen = method ?? (supported.includes("client_secret_basic") ? "client_secret_basic" : supported.includes("client_secret_post") ? "client_secret_post" : "none");
      const auth = chosen === "client_secret_post" && secret ? oauth.ClientSecretPost(secret) : chosen === "client_secret_basic" && secret ? clientSecretBasic(secret) : oauth.None();
      this.#log.add({
        stage: "registration",
        title: "Client: dynamic registration",
        outcome: "ok",
        ...rec.last(),
        decision: `registered as "${client.client_id}"; token endpoint auth ${chosen} (asked for ${requested}; the server supports ${supported.join(", ")})${notes.map((n) => `; ${n}`).join("")}`,
      });
      return { client: { client_id: client.client_id, token_endpoint_auth_method: chosen }, auth, method: chosen, how: "dynamic registration" };
    } catch (error) {
      const why = `dynamic registration at ${as.registration_endpoint ?? "?"} failed: ${describe(error)}`;
      this.#log.add({ stage: "registration", title: "Client: dynamic registration", outcome: "failed", ...rec.last(), error: why });
      throw new AuthFlowError("registration", why, { cause: error });
    }
  }

  // ---- authorization code + PKCE -------------------------------------------------------------------

  async #authorizationCode(discovery: Discovery, reg: Registration, scope: string | undefined): Promise<void> {
    const as = discovery.as;
    if (!as.authorization_endpoint) this.#fail("authorization", `the authorization server ${as.issuer} names no authorization_endpoint`);
    if (!this.#webUrl(new URL(as.authorization_endpoint))) this.#fail("authorization", `the authorization endpoint "${as.authorization_endpoint}" is not an ${this.#webSchemes()} URL: the user is not sent there`);
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", reg.client.client_id);
    url.searchParams.set("redirect_uri", this.#options.redirectUrl);
    url.searchParams.set("code_challenge", challenge);
    url.searchParams.set("code_challenge_method", "S256");
    url.searchParams.set("state", state);
    if (scope) url.searchParams.set("scope", scope);
    if (discovery.resource) url.searchParams.set("resource", discovery.resource);
    this.#log.add({
      stage: "authorization",
      title: "Authorization request (code + PKCE S256)",
      outcome: "info",
      request: { method: "GET", url: url.href },
      decision: `sending the user to the authorization server; resource "${discovery.resource ?? "(none)"}", client "${reg.client.client_id}" (${reg.how})`,
    });
    let callback: string;
    try {
      // The person's time, not the machine's: no request timer counts while they sign in.
      callback = await this.humanWaits.during(() => this.#options.authorize({ url: url.href, redirectUrl: this.#options.redirectUrl }));
    } catch (error) {
      this.#fail("authorization", `the sign-in did not complete: ${describe(error)}`, error);
    }
    const misdirected = this.#misdirected(callback);
    if (misdirected) {
      this.#log.add({ stage: "authorization", title: "Authorization response", outcome: "failed", error: misdirected });
      throw new AuthFlowError("authorization", misdirected);
    }
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(as, reg.client, new URL(callback), state);
    } catch (error) {
      const why =
        error instanceof oauth.AuthorizationResponseError
          ? `the authorization server refused: ${describe(error)}`
          : /"iss"/.test(describe(error))
            ? `the authorization response's iss does not match the issuer ${as.issuer} (RFC 9207; mix-up defence): ${describe(error)}`
            : `the authorization response is not valid: ${describe(error)}`;
      this.#log.add({ stage: "authorization", title: "Authorization response", outcome: "failed", request: { method: "GET", url: callback }, error: why });
      throw new AuthFlowError("authorization", why, { cause: error });
    }
    this.#log.add({ stage: "authorization", title: "Authorization response", outcome: "ok", request: { method: "GET", url: callback }, decision: "state matches; iss checked; exchanging the code" });
    const additionalParameters: Record<string, string> = {};
    if (discovery.resource) additionalParameters.resource = discovery.resource;
    const rec = this.#recorder();
    try {
      const response = await oauth.authorizationCodeGrantRequest(as, reg.client, reg.auth, params, this.#options.redirectUrl, verifier, {
        ...this.#lib(rec.fetch),
        additionalParameters,
      });
      const result = await oauth.processAuthorizationCodeResponse(as, reg.client, response);
      this.#store(result, discovery);
      this.#log.add({
        stage: "token",
        title: "Token request",
        outcome: "ok",
        ...rec.last(),
        decision: `access token stored in memory${result.refresh_token ? ", with a refresh token" : ""}${result.scope ? `; granted scope "${result.scope}"` : ""}; client auth ${reg.method}`,
      });
    } catch (error) {
      const why = `the token request failed: ${describe(error)}`;
      this.#log.add({ stage: "token", title: "Token request", outcome: "failed", ...rec.last(), error: why });
      throw new AuthFlowError("token", why, { cause: error });
    }
  }

  #store(result: oauth.TokenEndpointResponse, discovery: Discovery): void {
    const tokens: TokenSet = { accessToken: result.access_token, tokenType: result.token_type, issuer: discovery.as.issuer };
    const refresh = result.refresh_token ?? this.#tokens?.refreshToken;
    if (refresh) tokens.refreshToken = refresh;
    if (typeof result.expires_in === "number") tokens.expiresAt = this.#now() + result.expires_in * 1000;
    const scope = result.scope ?? [...this.#requestedScopes].join(" ");
    if (scope) tokens.scope = scope;
    if (discovery.resource) tokens.resource = discovery.resource;
    this.#tokens = tokens;
  }

  // ---- helpers -----------------------------------------------------------------------------------

  /** oauth4webapi's request options: our fetch, and http:// allowed for local servers unless turned off. */
  #lib(fetchImpl: typeof fetch): { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]: boolean } {
    return { [oauth.customFetch]: fetchImpl, [oauth.allowInsecureRequests]: this.#options.allowHttp !== false };
  }

  /** A fetch that records the last exchange it made, for the step that made it. */
  #recorder(): { fetch: typeof fetch; last: () => { request?: AuthHttpRecord; response?: AuthHttpResponseRecord } } {
    let last: { request?: AuthHttpRecord; response?: AuthHttpResponseRecord } = {};
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const { response, request, record } = await AuthStepLog.exchange(this.#fetch, url, init ?? {});
      last = { request, response: record };
      return response;
    }) as typeof fetch;
    return { fetch: fetchImpl, last: () => last };
  }

  /** http(s) only (http unless `allowHttp` is false): the only schemes a request of the flow is made to. */
  #webUrl(url: URL): boolean {
    return url.protocol === "https:" || (url.protocol === "http:" && this.#options.allowHttp !== false);
  }

  #webSchemes(): string {
    return this.#options.allowHttp === false ? "https" : "http(s)";
  }

  /**
   * Why a callback is not at the redirect URI this client registered and sent (scheme, host, port and
   * path must all be those; RFC 6749 §3.1.2), or undefined when it is. A code that arrives anywhere
   * else is not this sign-in's and is never exchanged.
   */
  #misdirected(callback: string): string | undefined {
    let got: URL;
    try {
      got = new URL(callback);
    } catch {
      return "the sign-in window returned something that is not a URL; no code is taken from it";
    }
    const want = new URL(this.#options.redirectUrl);
    if (got.origin === want.origin && got.pathname === want.pathname && got.origin !== "null") return undefined;
    return `the callback came to ${got.origin}${got.pathname}, not to the redirect URI ${want.origin}${want.pathname}: its code is not taken`;
  }

  #fail(stage: AuthStage, why: string, cause?: unknown): never {
    this.#log.add({ stage, title: "Sign-in stopped", outcome: "failed", error: why });
    throw new AuthFlowError(stage, why, cause === undefined ? undefined : { cause });
  }
}
