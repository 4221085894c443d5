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

function client(routes: Record<string, () => Response>, options: { preRegistered?: { clientId: string } } = {}): { oauth: OAuthClient; steps: AuthStep[]; asked: string[] } {
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
});
