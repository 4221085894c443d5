/**
 * The core sign-in (src/core/auth) against the protected demo: a real authorization server
 * (oidc-provider) and the demo MCP server as a protected resource, over real HTTP on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OAuthClient, type AuthStep, connect, text, type Client, type InputHandlers, StreamableHttpTransport } from "../../core";
import { demoServer } from "../demo";
import { startProtectedDemo, signInAgent, type ProtectedDemo, type ProtectedDemoOptions, type SignInAgentOptions } from ".";

const handlers: InputHandlers = {
  "elicitation/create": () => ({ action: "accept", content: { name: "Ada" } }),
  "roots/list": () => ({ roots: [{ uri: "file:///tmp/ws", name: "ws" }] }),
};

let demo: ProtectedDemo | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
  await demo?.close();
  demo = undefined;
});

async function setup(
  revision: string,
  agent: SignInAgentOptions = {},
  demoOptions: ProtectedDemoOptions = {},
  now?: () => number,
): Promise<{ oauth: OAuthClient; steps: AuthStep[]; pages: string[]; authorizeUrls: string[]; open: () => Promise<Client> }> {
  demo = await startProtectedDemo(demoServer(), demoOptions);
  const steps: AuthStep[] = [];
  const pages: string[] = [];
  const authorizeUrls: string[] = [];
  const userAgent = signInAgent({ ...agent, onPage: (p) => pages.push(p.step) });
  const oauth = new OAuthClient({
    redirectUrl: "http://127.0.0.1:1/callback",
    authorize: (request) => {
      authorizeUrls.push(request.url);
      return userAgent(request);
    },
    clientName: "presa sign-in test",
    onStep: (step) => steps.push(step),
    ...(now ? { now } : {}),
  });
  const url = demo.url;
  return {
    oauth,
    steps,
    pages,
    authorizeUrls,
    open: async () => (client = await connect(new StreamableHttpTransport(url, { auth: oauth }), { ...(revision === "auto" ? {} : { versions: [revision] }), clientInfo: { name: "t", version: "1" }, handlers })),
  };
}

describe("sign-in to the protected demo through the real authorization server", () => {
  for (const revision of ["2026-07-28", "2025-11-25"]) {
    it(`signs in (code + PKCE + resource, login and consent pages) and runs greet @ ${revision}`, async () => {
      const { oauth, steps, pages, authorizeUrls, open } = await setup(revision);
      const c = await open();
      expect(text(await c.callTool("greet", {}))).toBe("Hello, Ada!");
      expect(pages).toEqual(["login", "consent"]);
      const authorize = new URL(authorizeUrls[0] ?? "");
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("resource")).toBe(demo?.url);
      expect(authorize.searchParams.get("scope")).toBe("mcp:tools offline_access");
      expect(steps.map((s) => `${s.stage}:${s.outcome}`)).toEqual(
        expect.arrayContaining(["challenge:info", "protected-resource-metadata:ok", "authorization-server-metadata:ok", "registration:ok", "token:ok"]),
      );
      expect(oauth.status).toMatchObject({ signedIn: true, issuer: demo?.authorizationServer.issuer, hasRefreshToken: true });
      // The step log never holds the token (nor the code, verifier or refresh token).
      const token = oauth.accessToken ?? "";
      expect(token.length).toBeGreaterThan(20);
      expect(JSON.stringify(steps)).not.toContain(token);
      expect(JSON.stringify(steps)).toContain("[redacted]");
    });
  }

  it("steps up on 403 insufficient_scope for list-workspace, asking for the union of scopes", async () => {
    const { steps, pages, authorizeUrls, open } = await setup("2026-07-28");
    const c = await open();
    const result = text(await c.callTool("list-workspace", {}));
    expect(result).toContain("1 root(s)");
    expect(authorizeUrls).toHaveLength(2);
    expect(new URL(authorizeUrls[1] ?? "").searchParams.get("scope")?.split(" ").sort()).toEqual(["mcp:tools", "offline_access", "workspace:read"]);
    expect(pages).toEqual(["login", "consent", "consent"]); // the session is remembered; the new scope needs consent
    expect(steps.some((s) => s.stage === "step-up" && s.outcome === "info")).toBe(true);
  });

  it("refreshes an expired access token with the refresh token: before sending, on a 401, and on demand", async () => {
    let offset = 0; // the client's clock against the server's
    const { oauth, steps, authorizeUrls, open } = await setup("2026-07-28", {}, { accessTokenTtl: 2 }, () => Date.now() + offset);
    const c = await open();
    const first = oauth.accessToken;
    const challenges = (): AuthStep[] => steps.filter((s) => s.stage === "challenge");
    const refreshed = (): number => steps.filter((s) => s.stage === "refresh" && s.outcome === "ok").length;
    // The client sees the token expired: it refreshes before sending, and the server never says 401.
    offset = 10_000;
    expect(text(await c.callTool("greet", {}))).toBe("Hello, Ada!");
    expect(challenges()).toHaveLength(1);
    expect(refreshed()).toBeGreaterThanOrEqual(1);
    expect(oauth.accessToken).not.toBe(first);
    // A client clock behind the server's: the server refuses the expired token (401) and the client refreshes then.
    offset = -60_000;
    const before = refreshed();
    await new Promise((r) => setTimeout(r, 2200));
    expect(text(await c.callTool("greet", {}))).toBe("Hello, Ada!");
    expect(challenges().at(-1)?.decision).toMatch(/the token was refused: refreshing/);
    expect(refreshed()).toBeGreaterThan(before);
    expect(authorizeUrls).toHaveLength(1); // refreshed, never signed in again
    const last = oauth.accessToken;
    await oauth.refresh();
    expect(oauth.accessToken).not.toBe(last);
  });

  it("explains a refused sign-in (the user denies consent): which step and why, no hang", async () => {
    const { steps, open } = await setup("2026-07-28", { consent: "deny" });
    // No hang: a wait would run into the test's timeout (no wall-clock bound, which a busy machine could break).
    await expect(open()).rejects.toThrow(/authorization server refused: access_denied: the user denied access/);
    const failed = steps.filter((s) => s.outcome === "failed");
    expect(failed.at(-1)).toMatchObject({ stage: "authorization" });
  });

  it("offering every revision, a refused sign-in is not asked again by the fall back to initialize", async () => {
    const { pages, open } = await setup("auto", { consent: "deny" });
    await expect(open()).rejects.toThrow(/sign-in stopped at authorization: the authorization server refused: access_denied/);
    expect(pages).toEqual(["login", "deny"]);
  });

  it("refuses authorization server metadata whose issuer is not the one it was looked up for", async () => {
    // The resource names the server as http://localhost:PORT; its metadata says http://127.0.0.1:PORT.
    const { steps, open } = await setup("2026-07-28", {}, { advertisedAuthorizationServer: (issuer) => issuer.replace("127.0.0.1", "localhost") });
    await expect(open()).rejects.toThrow(/issuer does not match/);
    expect(steps.at(-1)).toMatchObject({ stage: "authorization-server-metadata", outcome: "failed" });
    expect(steps.some((s) => s.stage === "registration")).toBe(false);
  });

  it("fails at once, in words, on a 401 when sign-in is off", async () => {
    demo = await startProtectedDemo(demoServer());
    // At once: the first 401 ends it (a retry or a wait would run into the test's timeout; no wall-clock bound).
    await expect(connect(new StreamableHttpTransport(demo.url), { versions: ["2026-07-28"], clientInfo: { name: "t", version: "1" } })).rejects.toThrow(
      /HTTP 401: the server requires authorization and sign-in is off/,
    );
  });
});
