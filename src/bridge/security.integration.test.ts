// The bridge's refusals over real HTTP, each with its status, and proof that a refused spawn request
// ran nothing: the command would create a marker file, and the bridge's spawn count stays at zero.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRIDGE_HEADERS } from "../core";
import type { RunningBridge } from "./server";
import type { LookupAll } from "./security";
import { closeBridges, raw, testBridge, TEST_TOKEN } from "../../test/support/bridge";

const lookup: LookupAll = async (host) => {
  if (host === "rebound.test") return [{ address: "169.254.169.254", family: 4 }];
  if (host === "linklocal6.test") return [{ address: "fe80::1", family: 6 }];
  throw new Error(`ENOTFOUND ${host}`);
};

let bridge: RunningBridge;
let marker: string;
let spawnBody: string;
let own: string;
const APP = "http://127.0.0.1:5173";

beforeAll(async () => {
  bridge = await testBridge({ lookup });
  own = `127.0.0.1:${bridge.port}`;
  marker = join(mkdtempSync(join(tmpdir(), "presa-bridge-")), "spawned");
  spawnBody = JSON.stringify({ command: process.execPath, args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "x")`], env: {} });
});
afterAll(closeBridges);

const good = (extra: Record<string, string> = {}): Record<string, string> => ({
  Host: own,
  Origin: APP,
  Authorization: `Bearer ${TEST_TOKEN}`,
  "Content-Type": "application/json",
  ...extra,
});

describe("a spawn request is refused, and nothing runs", () => {
  const cases: { name: string; headers: () => Record<string, string>; status: number; code: string }[] = [
    { name: "no token", headers: () => ({ Host: own, Origin: APP, "Content-Type": "application/json" }), status: 401, code: "unauthorized" },
    { name: "a wrong token", headers: () => good({ Authorization: "Bearer wrong-token-0123456789abcdef" }), status: 401, code: "unauthorized" },
    { name: "a token one character short", headers: () => good({ Authorization: `Bearer ${TEST_TOKEN.slice(0, -1)}` }), status: 401, code: "unauthorized" },
    { name: "the token as Basic credentials", headers: () => good({ Authorization: `Basic ${TEST_TOKEN}` }), status: 401, code: "unauthorized" },
    { name: "a foreign Origin (with the right token)", headers: () => good({ Origin: "http://evil.example" }), status: 403, code: "forbidden-origin" },
    { name: "Origin null (sandboxed frame)", headers: () => good({ Origin: "null" }), status: 403, code: "forbidden-origin" },
    { name: "a lookalike Origin", headers: () => good({ Origin: "http://127.0.0.1.evil.example:5173" }), status: 403, code: "forbidden-origin" },
    { name: "a rebinding Host (with the right token)", headers: () => good({ Host: `evil.example:${bridge.port}` }), status: 403, code: "forbidden-host" },
    { name: "a Host on another port", headers: () => good({ Host: `127.0.0.1:${bridge.port + 1}` }), status: 403, code: "forbidden-host" },
  ];

  it.each(cases)("$name → $status", async ({ headers, status, code }) => {
    const answer = await raw(bridge, "POST", "/sessions", headers(), spawnBody);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).error.code).toBe(code);
    expect(answer.headers[BRIDGE_HEADERS.marker.toLowerCase()]).toBe("error");
    if (status === 401) expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
    // A refused foreign page gets no CORS headers, so it cannot even read the refusal.
    if (status === 403) expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("no Host at all: Node's HTTP/1.1 parser refuses it with 400 before the bridge sees it", async () => {
    const headers = good();
    delete headers.Host;
    expect((await raw(bridge, "POST", "/sessions", headers, spawnBody)).status).toBe(400);
  });

  it("a preflight from a foreign origin is refused; one from the app passes without a token", async () => {
    const foreign = await raw(bridge, "OPTIONS", "/sessions", { Host: own, Origin: "http://evil.example", "Access-Control-Request-Method": "POST" });
    expect(foreign.status).toBe(403);
    const app = await raw(bridge, "OPTIONS", "/sessions", { Host: own, Origin: APP, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" });
    expect(app.status).toBe(204);
    expect(app.headers["access-control-allow-origin"]).toBe(APP);
    expect(app.headers["access-control-allow-headers"]).toBe("authorization, content-type");
  });

  it("…and after all of them, nothing was spawned", async () => {
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(marker)).toBe(false);
    expect(bridge.sessions.spawned).toBe(0);
    expect(bridge.sessions.size).toBe(0);
  });

  it("malformed spawn requests are refused with 400 and spawn nothing", async () => {
    for (const body of ["not json", "{}", JSON.stringify({ command: "node", args: "-e 1" }), JSON.stringify({ command: "node", shell: true }), JSON.stringify({ command: "node", cwd: "relative/dir" }), JSON.stringify({ command: "node", env: { "A=B": "x" } })]) {
      const answer = await raw(bridge, "POST", "/sessions", good(), body);
      expect(answer.status, body).toBe(400);
    }
    expect(bridge.sessions.spawned).toBe(0);
  });

  it("the same request with the token, the app's Origin and the bridge's Host does spawn (the control)", async () => {
    const answer = await raw(bridge, "POST", "/sessions", good(), spawnBody);
    expect(answer.status).toBe(201);
    expect(answer.headers["access-control-allow-origin"]).toBe(APP);
    for (let i = 0; i < 100 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 30));
    expect(existsSync(marker)).toBe(true);
    expect(bridge.sessions.spawned).toBe(1);
  });
});

describe("forwarding to a blocked target is refused with 403 (a malformed one with 400)", () => {
  it.each([
    ["http://169.254.169.254/latest/meta-data/iam/", 403, "blocked-target"],
    ["http://[fd00:ec2::254]/latest/meta-data/", 403, "blocked-target"],
    ["http://metadata.google.internal/computeMetadata/v1/", 403, "blocked-target"],
    ["http://100.100.100.200/latest/meta-data/", 403, "blocked-target"],
    ["http://169.254.10.20:8080/mcp", 403, "blocked-target"],
    ["http://[fe80::1]:8080/mcp", 403, "blocked-target"],
    ["http://0.0.0.0:3939/mcp", 403, "blocked-target"],
    ["http://[::]:3939/mcp", 403, "blocked-target"],
    ["http://rebound.test/mcp", 403, "blocked-target"],
    ["http://linklocal6.test/mcp", 403, "blocked-target"],
    ["file:///etc/passwd", 400, "bad-request"],
    ["http://user:secret@127.0.0.1:1/mcp", 400, "bad-request"],
  ])("%s → %i", async (target, status, code) => {
    const answer = await raw(bridge, "POST", "/forward", good({ [BRIDGE_HEADERS.target]: target }), "{}");
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).error.code).toBe(code);
    expect(answer.headers["access-control-allow-origin"]).toBe(APP);
  });

  it("needs the token like everything else", async () => {
    const answer = await raw(bridge, "POST", "/forward", { Host: own, Origin: APP, [BRIDGE_HEADERS.target]: "http://127.0.0.1:1/mcp" }, "{}");
    expect(answer.status).toBe(401);
  });
});

describe("binding", () => {
  it("refuses a non-loopback address unless dangerously allowed", async () => {
    await expect(testBridge({ host: "0.0.0.0" })).rejects.toThrow(/refusing to listen on 0.0.0.0/);
  });

  it.each([
    ["short", /is 5 characters long/],
    ["e2e-bridge-token-0123456789abcdef", /not random enough/],
    ["0123456789abcdef0123456789abcdef0123456789abcdef", /not random enough/],
    ["a".repeat(64), /not random enough/],
    ["abababababababababababababababababababababab", /not random enough/],
    ["77c85c379d72e42174993692 eef6bc1e6caea0886863803d826bf73d3300b2f3", /whitespace/],
  ])("refuses the weak token %j with a message", async (token, why) => {
    await expect(testBridge({ token })).rejects.toThrow(why);
    await expect(testBridge({ token })).rejects.toThrow(/openssl rand -hex 32/);
  });

  it("accepts 64 random hex digits or 43 random base64url characters", async () => {
    for (const token of [randomBytes(32).toString("hex"), randomBytes(32).toString("base64url")]) expect((await testBridge({ token })).token).toBe(token);
  });
});
