import { describe, expect, it } from "vitest";
import { AuthStepLog, redactBody, redactHeaders, redactUrl } from "./stepLog";

describe("the sign-in step log keeps no secrets", () => {
  it("redacts token, code, verifier and secret fields of form and JSON bodies", () => {
    const form = redactBody("grant_type=authorization_code&code=abc123&code_verifier=v3r1f13r&client_secret=s3cr3t&resource=http%3A%2F%2F127.0.0.1%2Fmcp");
    expect(form).not.toMatch(/abc123|v3r1f13r|s3cr3t/);
    expect(new URLSearchParams(form).get("grant_type")).toBe("authorization_code");
    expect(new URLSearchParams(form).get("resource")).toBe("http://127.0.0.1/mcp");
    const json = redactBody(JSON.stringify({ access_token: "AT-1", refresh_token: "RT-1", id_token: "ID", token_type: "Bearer", expires_in: 60, nested: { client_secret: "CS" } }));
    expect(json).not.toMatch(/AT-1|RT-1|"ID"|CS/);
    expect(JSON.parse(json)).toMatchObject({ token_type: "Bearer", expires_in: 60, access_token: "[redacted]" });
  });

  it("redacts Authorization and cookies, keeping the scheme", () => {
    expect(redactHeaders({ Authorization: "Bearer AT-1", Cookie: "sid=1", Accept: "application/json" })).toEqual({
      authorization: "Bearer [redacted]",
      cookie: "[redacted]",
      accept: "application/json",
    });
    expect(redactHeaders({ authorization: "Basic dXNlcjpwYXNz" }).authorization).toBe("Basic [redacted]");
  });

  it("redacts the code in a callback URL, keeping state and iss", () => {
    const url = redactUrl("http://127.0.0.1:1/callback?code=C0DE&state=s&iss=http%3A%2F%2Fas");
    expect(url).not.toContain("C0DE");
    expect(new URL(url).searchParams.get("state")).toBe("s");
  });

  it("records an exchange with both sides redacted, and the caller still reads the body", async () => {
    const fake = (async () =>
      new Response(JSON.stringify({ access_token: "AT-2", token_type: "Bearer" }), { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;
    const { response, request, record } = await AuthStepLog.exchange(fake, "http://as/token", {
      method: "POST",
      headers: { authorization: "Basic Y2xpZW50OnNlY3JldA==" },
      body: new URLSearchParams({ refresh_token: "RT-2", grant_type: "refresh_token" }),
    });
    expect(JSON.stringify({ request, record })).not.toMatch(/AT-2|RT-2|Y2xpZW50/);
    expect(((await response.json()) as { access_token: string }).access_token).toBe("AT-2");
  });

  it("numbers steps and tells the listener", () => {
    const seen: number[] = [];
    const log = new AuthStepLog((step) => seen.push(step.seq));
    log.add({ stage: "challenge", title: "401", outcome: "info" });
    log.add({ stage: "token", title: "token", outcome: "failed", error: "why" });
    expect(seen).toEqual([1, 2]);
    expect(log.steps.at(-1)).toMatchObject({ stage: "token", outcome: "failed", error: "why" });
  });
});
