// requestState through the real server over both transports. The token format is checked
// independently of the implementation (node:crypto, by the table in docs/request-state.md); every
// tamper is a -32602 whose message and data.reason name the check that failed.
import { createHash, createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { text, type RetryDraft, type McpError } from "../../src/core";
import { demoServer } from "../../src/server/demo";
import { MODERN, TRANSPORTS, caught, closePairs, demoHandlers, fakeClock, messages, openPair, paramsOf, type Pair, type TransportKind } from "../support/harness";

afterEach(closePairs);

const b64url = (text: string): string => Buffer.from(text).toString("base64url");
const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("base64url");

/** Runs a call up to its first retry, keeps the draft and abandons the call. */
async function firstRound(p: Pair, tool: string, args: Record<string, unknown> = {}): Promise<RetryDraft> {
  let draft: RetryDraft | undefined;
  const error = await caught<McpError>(p.client.callTool(tool, args, { step: async (d) => ((draft = d), { action: "abort" }) }));
  expect(error.kind).toBe("cancelled");
  if (!draft) throw new Error("no retry was held");
  return draft;
}

/** Sends a retry by hand: any method and params, with a draft's answers and token. */
function retryWith(p: Pair, method: string, params: Record<string, unknown>, draft: RetryDraft): Promise<Record<string, unknown>> {
  return p.client.requestModern(method, { ...params, inputResponses: draft.inputResponses, requestState: draft.requestState });
}

/** Changes one character in the middle of a part of the token, keeping it valid base64url. */
function flip(token: string, part: 1 | 2): string {
  const parts = token.split(".");
  const target = parts[part] as string;
  const i = Math.floor(target.length / 2);
  parts[part] = target.slice(0, i) + (target[i] === "A" ? "B" : "A") + target.slice(i + 1);
  return parts.join(".");
}

function expectRefused(error: McpError, reason: string, message: string | RegExp): void {
  expect(error.kind).toBe("protocol");
  expect(error.code).toBe(-32602);
  expect(error.data).toEqual({ reason });
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

const callerOf = (transport: TransportKind): string => (transport === "http" ? "anonymous" : "in-process");

describe.each(TRANSPORTS)("requestState over %s", (transport) => {
  it("is p2.<payload>.<mac> with the documented payload, and the MAC verifies with stateSecret", async () => {
    const clock = fakeClock(1_800_000_000_000);
    const p = await openPair({ transport, handlers: demoHandlers(), serverOptions: { stateSecret: "s3cret", stateTtlMs: 90_000, clock } });
    const draft = await firstRound(p, "two-steps");
    const token = draft.requestState as string;
    const [prefix, payloadPart, mac, ...rest] = token.split(".");
    expect(prefix).toBe("p2");
    expect(rest).toEqual([]);
    expect(payloadPart).toMatch(/^[A-Za-z0-9_-]+$/);
    const payload = JSON.parse(Buffer.from(payloadPart as string, "base64url").toString("utf8")) as Record<string, unknown>;
    expect(payload).toEqual({
      v: 2,
      m: "tools/call",
      d: sha256('{"arguments":{},"name":"two-steps"}'),
      c: callerOf(transport),
      iat: 1_800_000_000_000,
      exp: 1_800_000_090_000,
      s: { step: 1 },
    });
    expect(mac).toBe(createHmac("sha256", "s3cret").update(`p2.${payloadPart}`).digest("base64url"));
    const round = p.ofType("roundStarted")[0];
    expect(round?.decodedState).toMatchObject({ kind: "presa", payload, issuedAt: 1_800_000_000_000, expiresAt: 1_800_000_090_000 });
  });

  it.each([
    ["a byte of the payload", 1],
    ["a byte of the MAC", 2],
  ] as const)("flipping %s is refused as a bad signature", async (_what, part) => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const error = await caught<McpError>(
      p.client.callTool("two-steps", {}, { step: async (d) => ({ action: "send", draft: { ...d, requestState: flip(d.requestState as string, part) } }) }),
    );
    expectRefused(error, "signature", /^requestState signature does not match: it was changed, or signed with another key/);
    expect(p.ofType("retrySent")[0]?.edited).toBe(true);
    expect(p.ofType("callFinished")[0]?.error?.code).toBe(-32602);
  });

  it("a token that is not a presa token is refused as malformed", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const error = await caught<McpError>(p.client.callTool("two-steps", {}, { step: async (d) => ({ action: "send", draft: { ...d, requestState: "not-a-token" } }) }));
    expectRefused(error, "malformed", "requestState is not a p2.<payload>.<mac> token with base64url parts and a 32-byte MAC");
  });

  it("a token sent with a changed argument is refused; with the same arguments it is accepted", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const draft = await firstRound(p, "two-steps", { who: "first" });
    const changed = await caught<McpError>(retryWith(p, "tools/call", { name: "two-steps", arguments: { who: "other" } }, draft));
    expectRefused(changed, "params", "requestState was issued for other params (arguments or name changed)");
    const extra = await caught<McpError>(retryWith(p, "tools/call", { name: "two-steps", arguments: { who: "first", sneaky: true } }, draft));
    expectRefused(extra, "params", "requestState was issued for other params (arguments or name changed)");
    const same = await retryWith(p, "tools/call", { name: "two-steps", arguments: { who: "first" } }, draft);
    expect(same.resultType).toBe("input_required");
    expect(Object.keys(same.inputRequests as object)).toEqual(["color"]);
  });

  it("a token from one tool is refused on another tool, and on another method", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const draft = await firstRound(p, "two-steps");
    const otherTool = await caught<McpError>(retryWith(p, "tools/call", { name: "never-done", arguments: {} }, draft));
    expectRefused(otherTool, "params", "requestState was issued for other params (arguments or name changed)");
    const otherMethod = await caught<McpError>(retryWith(p, "resources/read", { uri: "demo://weather" }, draft));
    expectRefused(otherMethod, "method", "requestState was issued for tools/call, not resources/read");
  });

  it("a token is accepted until just before its expiry and refused from it on (fake clock)", async () => {
    const clock = fakeClock();
    const p = await openPair({ transport, handlers: demoHandlers(), serverOptions: { clock, stateTtlMs: 1000 } });
    const advanceBy = (ms: number) => async (d: RetryDraft) => (clock.advance(ms), { action: "send" as const, draft: d });
    expect(text(await p.client.callTool("two-steps", {}, { step: advanceBy(999) }))).toBe("Ada likes blue");
    const atExpiry = await caught<McpError>(p.client.callTool("two-steps", {}, { step: advanceBy(1000) }));
    expectRefused(atExpiry, "expired", "requestState expired 0 ms ago");
    const later = await caught<McpError>(p.client.callTool("two-steps", {}, { step: advanceBy(6000) }));
    expectRefused(later, "expired", "requestState expired 5 s ago");
  });

  it("a restarted server without stateSecret refuses the old token; one with the same stateSecret accepts it", async () => {
    const first = await openPair({ transport, handlers: demoHandlers(), serverOptions: { stateSecret: "kept-secret" } });
    const signed = await firstRound(first, "two-steps");
    const unsigned = await openPair({ transport, handlers: demoHandlers() });
    const randomKeyToken = await firstRound(unsigned, "two-steps");
    await first.close();
    await unsigned.close();

    const restartedRandom = await openPair({ transport, handlers: demoHandlers() });
    const refused = await caught<McpError>(retryWith(restartedRandom, "tools/call", { name: "two-steps", arguments: {} }, randomKeyToken));
    expectRefused(refused, "signature", /a restarted server makes a new one unless stateSecret is set/);

    const restartedSame = await openPair({ transport, handlers: demoHandlers(), serverOptions: { stateSecret: "kept-secret" } });
    const next = await retryWith(restartedSame, "tools/call", { name: "two-steps", arguments: {} }, signed);
    expect(next.resultType).toBe("input_required");
    expect(Object.keys(next.inputRequests as object)).toEqual(["color"]);
  });

  it("initialize-era sessions never see a requestState: the state stays in the server", async () => {
    const p = await openPair({ transport, versions: ["2025-11-25"], handlers: demoHandlers() });
    expect(text(await p.client.callTool("two-steps"))).toBe("Ada likes blue");
    expect(p.frames().some((f) => f.raw.includes("requestState"))).toBe(false);
    expect(p.ofType("roundStarted").map((r) => r.requestState)).toEqual([undefined, undefined]);
  });
});

describe("the caller binding over HTTP", () => {
  const AUTH = { authorization: "Bearer alice" };

  it("a retry with a different Authorization header is refused as another caller", async () => {
    const p = await openPair({ transport: "http", handlers: demoHandlers(), httpHeaders: AUTH });
    const error = await caught<McpError>(
      p.client.callTool("two-steps", {}, { step: async (d) => (p.http?.setHeader("authorization", "Bearer mallory"), { action: "send", draft: d }) }),
    );
    expectRefused(error, "caller", "requestState was issued to another caller");
    const calls = p.http?.exchanges.filter((x) => x.body?.method === "tools/call") ?? [];
    expect(calls.map((x) => x.headers.authorization)).toEqual(["Bearer alice", "Bearer mallory"]);
  });

  it("a retry without the Authorization header is refused; the same caller goes through", async () => {
    const p = await openPair({ transport: "http", handlers: demoHandlers(), httpHeaders: AUTH });
    const dropped = await caught<McpError>(
      p.client.callTool("two-steps", {}, { step: async (d) => (p.http?.setHeader("authorization", undefined), { action: "send", draft: d }) }),
    );
    expectRefused(dropped, "caller", "requestState was issued to another caller");
    p.http?.setHeader("authorization", "Bearer alice");
    expect(text(await p.client.callTool("two-steps"))).toBe("Ada likes blue");
    const token = paramsOf(messages(p.events, "out", "tools/call").at(-1) ?? {}).requestState as string;
    const json = Buffer.from(token.split(".")[1] as string, "base64url").toString("utf8");
    const payload = JSON.parse(json) as { c: string };
    // The caller is the transport's identity, a digest of the header: the credential itself is not in the token.
    const callerId = `auth:${createHash("sha256").update("Bearer alice").digest("base64url")}`;
    expect(payload.c).toBe(callerId);
    expect(json).not.toContain("alice");
  });
});

describe("a token is a string the server signs, not one the client makes", () => {
  it("a forged token with a valid shape but the wrong key is refused", async () => {
    const p = await openPair({ transport: "in-process", handlers: demoHandlers() });
    const payload = b64url(JSON.stringify({ v: 2, m: "tools/call", d: sha256('{"arguments":{},"name":"two-steps"}'), c: "in-process", iat: 0, exp: 9e15, s: { step: 2, name: "Eve" } }));
    const forged = `p2.${payload}.${createHmac("sha256", "guess").update(`p2.${payload}`).digest("base64url")}`;
    const error = await caught<McpError>(p.client.requestModern("tools/call", { name: "two-steps", arguments: {}, requestState: forged, inputResponses: {} }));
    expectRefused(error, "signature", /^requestState signature does not match/);
  });

  it("the same forged token under the server's secret is accepted: the MAC is the only guard of the state", async () => {
    const p = await openPair({ transport: "in-process", handlers: demoHandlers(), serverOptions: { stateSecret: "guess" } });
    const payload = b64url(JSON.stringify({ v: 2, m: "tools/call", d: sha256('{"arguments":{},"name":"two-steps"}'), c: "in-process", iat: 0, exp: 9e15, s: { step: 2, name: "Eve" } }));
    const forged = `p2.${payload}.${createHmac("sha256", "guess").update(`p2.${payload}`).digest("base64url")}`;
    const result = await p.client.requestModern("tools/call", {
      name: "two-steps",
      arguments: {},
      requestState: forged,
      inputResponses: { color: { action: "accept", content: { color: "red" } } },
    });
    expect(text(result)).toBe("Eve likes red");
    expect(MODERN).toBe(p.client.revision);
  });
});

describe("servers of a different secret in one process", () => {
  it("do not accept each other's tokens", async () => {
    const a = await openPair({ transport: "in-process", server: demoServer({ stateSecret: "a" }), handlers: demoHandlers() });
    const b = await openPair({ transport: "in-process", server: demoServer({ stateSecret: "b" }), handlers: demoHandlers() });
    const draft = await firstRound(a, "two-steps");
    expectRefused(await caught<McpError>(retryWith(b, "tools/call", { name: "two-steps", arguments: {} }, draft)), "signature", /signature does not match/);
  });
});
