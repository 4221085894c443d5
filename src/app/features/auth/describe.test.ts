import { describe, expect, it } from "vitest";
import type { AuthStep } from "../../../core";
import { describeAuth, failedStep, routeOf, stageLabel } from "./describe";

const step = (seq: number, partial: Partial<AuthStep>): AuthStep => ({ seq, stage: "challenge", title: "t", outcome: "info", at: 0, ...partial });

describe("the sign-in in words", () => {
  it("names the failed step, its stage and the reason", () => {
    const steps = [step(1, {}), step(2, { stage: "registration", outcome: "failed", error: "dynamic registration failed: HTTP 400" })];
    expect(failedStep(steps)?.seq).toBe(2);
    expect(describeAuth({ phase: "failed", status: undefined, pending: undefined, steps, failure: { stage: "registration", reason: "dynamic registration failed: HTTP 400" } })).toBe(
      "Sign-in failed at step 2 (Client registration): dynamic registration failed: HTTP 400",
    );
  });

  it("says who signed in, never a token, and when it expires", () => {
    const line = describeAuth(
      { phase: "signed-in", steps: [], failure: undefined, pending: undefined, status: { signedIn: true, issuer: "http://as", clientId: "c1", scope: "mcp:tools", expiresAt: 10 * 60_000, hasRefreshToken: true } },
      0,
    );
    expect(line).toBe('Signed in at http://as as client c1; scope "mcp:tools"; the token expires in 10 min (refreshable). The token is kept in this tab\'s memory only.');
  });

  it("tells a blocked window from an open one, and routes a step by its request's origin", () => {
    expect(describeAuth({ phase: "waiting", steps: [], failure: undefined, status: undefined, pending: { url: "http://as/auth", blocked: true } })).toMatch(/blocked/);
    expect(describeAuth({ phase: "waiting", steps: [], failure: undefined, status: undefined, pending: { url: "http://as/auth", blocked: false } })).toMatch(/Waiting for you/);
    const s = step(3, { request: { method: "GET", url: "http://as:1/.well-known/openid-configuration" } });
    expect(routeOf(s, { "http://as:1": { via: "bridge", why: "no CORS" } })).toEqual({ via: "bridge", why: "no CORS" });
    expect(routeOf(step(4, {}), {})).toBeUndefined();
    expect(stageLabel("authorization")).toBe("Authorization (sign-in window)");
  });
});
