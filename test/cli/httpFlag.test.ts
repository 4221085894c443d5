// `--http`: the command line prints every HTTP request with its header checks, from the same record
// and checks as the app's HTTP view; here against the hostile server whose answer names another tool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileAnswerHeaders, hostileServer } from "../../src/server/hostile";
import { startHttpServer, type RunningHttpServer } from "../../src/server/http/handler";
import { buildCli, runCli } from "../support/cli";

let hostile: RunningHttpServer;
beforeAll(async () => {
  [hostile] = await Promise.all([startHttpServer(hostileServer(), { port: 0, answerHeaders: hostileAnswerHeaders }), buildCli()]);
}, 60_000);
afterAll(async () => {
  await hostile?.close();
});

describe("call --http", { timeout: 45_000 }, () => {
  it("lists each request with its status and the failed Mcp-Name check with its reason", async () => {
    const r = await runCli(["call", "--url", hostile.url, "--http", "--header", "Authorization: Bearer cli-secret", "tool", "wrong-mcp-name"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Answered");
    expect(r.stderr).toMatch(new RegExp(`^http 1 POST ${hostile.url} server/discover: 200 in \\d+ ms; checks pass$`, "m"));
    expect(r.stderr).toMatch(/^http \d+ POST \S+ tools\/call: 200 in \d+ ms; check failed$/m);
    expect(r.stderr).toContain('  fail Mcp-Name (answer): the answer says "echo" but the request said "wrong-mcp-name"');
    expect(r.stderr).not.toContain("cli-secret");
  });

  it("2025-11-25: the session's requests pass, the closing DELETE included", async () => {
    const r = await runCli(["call", "--url", hostile.url, "--http", "--revision", "2025-11-25", "tool", "echo", "message=hi"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^http \d+ POST \S+ initialize: 200 SSE in \d+ ms; checks pass$/m);
    expect(r.stderr).toMatch(/^http \d+ DELETE \S+: \d+ in \d+ ms; checks pass$/m);
    expect(r.stderr).not.toContain("check failed");
  });

  it("without --http nothing is printed about HTTP", async () => {
    const r = await runCli(["call", "--url", hostile.url, "tool", "echo", "message=hi"]);
    expect(r.stderr).toBe("");
  });
});
