/**
 * Refusals of the sign-in flow that the conformance suite does not reach, each with its reason in
 * words and the failed step in the log. The servers are a table of canned answers behind the
 * injected fetch (the flow against real servers: src/server/auth/signIn.test.ts and the suite).
 */
import { describe, expect, it } from "vitest";
import { AuthFlowError, OAuthClient, type AuthStep } from ".";

const MCP = "http://127.0.0.1:9/mcp";
const AS = "http://127.0.0.1:8";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function client(
  routes: Record<string, () => Response>,
  options: { preRegistered?: { clientId: string }; authorize?: (request: { url: string }) => Promise<string> } = {},
): { oauth: OAuthClient; steps: AuthStep[]; asked: string[] } {
  const steps: AuthStep[] = [];
  const asked: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    return routes[url]?.() ?? new Response("not found", { status: 404 });
  }) as typeof fetch;
  const oauth = new OAuthClient({
    redirectUrl: "http://127.0.0.1:1/cb",
    authorize: () => Promise.reject(new Error("the test never gets this far")),
    fetch: fetchImpl,
    onStep: (s) => steps.push(s),
    ...options,
  });
  return { oauth, steps, asked };
}

const prm = (extra: Record<string, unknown> = {}): (() => Response) => () => json({ resource: MCP, authorization_servers: [AS], ...extra });
const asMeta = (extra: Record<string, unknown> = {}): (() => Response) => () =>
  json({ issuer: AS, authorization_endpoint: `${AS}/authorize`, token_endpoint: `${AS}/token`, response_types_supported: ["code"], code_challenge_methods_supported: ["S256"], ...extra });

describe("sign-in refusals, in words", () => {
  it("refuses an authorization server that does not offer PKCE S256", async () => {
    const { oauth, steps } = client({
      [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm(),
      [`${AS}/.well-known/oauth-authorization-server`]: asMeta({ code_challenge_methods_supported: undefined }),
    });
    await expect(oauth.signIn(MCP)).rejects.toThrow(/does not list S256/);
    expect(steps.at(-1)).toMatchObject({ stage: "authorization-server-metadata", outcome: "failed" });
  });

  it("says to enter a client id when the server offers neither registration nor metadata documents", async () => {
    const { oauth } = client({
      [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm(),
      [`${AS}/.well-known/oauth-authorization-server`]: asMeta(),
    });
    const error = await oauth.signIn(MCP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthFlowError);
    expect((error as AuthFlowError).stage).toBe("registration");
    expect((error as AuthFlowError).message).toMatch(/offers neither dynamic registration nor client ID metadata documents.*enter a pre-registered client id/);
  });

  it("uses the pre-registered client instead (and reaches the authorization step)", async () => {
    const { oauth, steps } = client(
      { [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm(), [`${AS}/.well-known/oauth-authorization-server`]: asMeta() },
      { preRegistered: { clientId: "mine" } },
    );
    await expect(oauth.signIn(MCP)).rejects.toThrow(/sign-in stopped at authorization: the sign-in did not complete: the test never gets this far/);
    expect(steps.find((s) => s.stage === "registration")?.decision).toMatch(/client id "mine"/);
    const request = steps.find((s) => s.title.startsWith("Authorization request"))?.request?.url ?? "";
    expect(new URL(request).searchParams.get("resource")).toBe(MCP);
  });

  it("refuses protected resource metadata that lists no authorization server", async () => {
    const { oauth } = client({ [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm({ authorization_servers: [] }) });
    await expect(oauth.signIn(MCP)).rejects.toThrow(/lists no authorization_servers/);
  });

  it("tries the OpenID path variants for an issuer with a path, in the order the spec gives", async () => {
    const { oauth, asked } = client({
      [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: () => json({ resource: MCP, authorization_servers: [`${AS}/tenant`] }),
    });
    await expect(oauth.signIn(MCP)).rejects.toThrow(/no authorization server metadata/);
    expect(asked.slice(1)).toEqual([
      `${AS}/.well-known/oauth-authorization-server/tenant`,
      `${AS}/.well-known/openid-configuration/tenant`,
      `${AS}/tenant/.well-known/openid-configuration`,
    ]);
  });

  it("refuses a resource that is only a prefix of the server's URL (RFC 9728: identical)", async () => {
    for (const resource of ["http://127.0.0.1:9/", "http://127.0.0.1:9", "http://127.0.0.1:9/mc", "http://127.0.0.1:9/mcp/"]) {
      const { oauth, steps, asked } = client({ [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm({ resource }) });
      await expect(oauth.signIn(MCP)).rejects.toThrow(/is not exactly "http:\/\/127\.0\.0\.1:9\/mcp" \(RFC 9728 requires the identical resource\)/);
      expect(steps.at(-1)).toMatchObject({ stage: "protected-resource-metadata", outcome: "failed" });
      expect(asked).toEqual([`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]);
    }
  });

  it("takes the same resource however it is spelled, and at the root location the origin it was built from", async () => {
    const preRegistered = { clientId: "mine" };
    const spelled = client({ [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm({ resource: "HTTP://127.0.0.1:9/mcp" }), [`${AS}/.well-known/oauth-authorization-server`]: asMeta() }, { preRegistered });
    await expect(spelled.oauth.signIn(MCP)).rejects.toThrow(/the test never gets this far/);
    const root = client({ [`http://127.0.0.1:9/.well-known/oauth-protected-resource`]: prm({ resource: "http://127.0.0.1:9" }), [`${AS}/.well-known/oauth-authorization-server`]: asMeta() }, { preRegistered });
    await expect(root.oauth.signIn(MCP)).rejects.toThrow(/the test never gets this far/);
  });

  it("builds no request from a file: (or other non-http) authorization server, and says so", async () => {
    for (const issuer of ["file:///etc/passwd", "data:text/plain,x", "javascript:alert(1)"]) {
      const { oauth, steps, asked } = client({ [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm({ authorization_servers: [issuer] }) });
      await expect(oauth.signIn(MCP)).rejects.toThrow(`the authorization server "${issuer}" is not an http(s) URL: nothing is requested from it`);
      expect(asked).toEqual([`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]);
      expect(JSON.stringify(steps)).not.toContain("null/.well-known");
    }
  });

  it("sends nobody to a non-http(s) authorization endpoint", async () => {
    const { oauth } = client(
      { [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm(), [`${AS}/.well-known/oauth-authorization-server`]: asMeta({ authorization_endpoint: "javascript:alert(1)" }) },
      { preRegistered: { clientId: "mine" } },
    );
    await expect(oauth.signIn(MCP)).rejects.toThrow(/the authorization endpoint "javascript:alert\(1\)" is not an http\(s\) URL/);
  });

  it("takes no code from a callback that came to another address than the redirect URI", async () => {
    for (const callback of ["http://127.0.0.1:2/cb?code=c&state=s", "http://127.0.0.1:1/elsewhere?code=c&state=s", "https://127.0.0.1:1/cb?code=c", "not a url"]) {
      const { oauth, steps, asked } = client(
        { [`http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp`]: prm(), [`${AS}/.well-known/oauth-authorization-server`]: asMeta() },
        { preRegistered: { clientId: "mine" }, authorize: () => Promise.resolve(callback) },
      );
      const error = await oauth.signIn(MCP).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthFlowError);
      expect((error as AuthFlowError).message).toMatch(callback === "not a url" ? /is not a URL; no code is taken/ : /not to the redirect URI http:\/\/127\.0\.0\.1:1\/cb: its code is not taken/);
      expect(steps.at(-1)).toMatchObject({ stage: "authorization", outcome: "failed" });
      expect(asked.some((u) => u.endsWith("/token"))).toBe(false);
    }
  });
});
