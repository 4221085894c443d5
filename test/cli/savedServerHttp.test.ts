// `call --server NAME` for saved HTTP servers the way the app keeps them: one that speaks the
// 2024-11-05 HTTP+SSE transport (server-everything's SSE entry), and one behind OAuth whose saved
// sign-in settings the command line follows (the demo's authorization server, with its login page:
// the test plays the person in the browser, through the URL the command prints).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../../src/server/demo";
import { signInAgent, startProtectedDemo, type ProtectedDemo } from "../../src/server/auth";
import { serversFilePath } from "../../src/cli/savedServers";
import { useEverything } from "../support/interop/support";
import { BIN, ROOT, buildCli, runCli, tempDir, writeAnswers } from "../support/cli";

const everything = useEverything("sse");
let env: NodeJS.ProcessEnv;
let answers: string;
let protectedDemo: ProtectedDemo;

beforeAll(async () => {
  const dir = tempDir();
  answers = writeAnswers(dir);
  env = { ...process.env, XDG_CONFIG_HOME: join(dir, "config") };
  [protectedDemo] = await Promise.all([startProtectedDemo(demoServer(), { port: 0, authPort: 0 }), buildCli()]);
  const entry = (id: string, name: string, target: unknown, more: Record<string, unknown> = {}) => ({ id, name, target, revision: "auto", remember: false, ...more });
  const file = serversFilePath(env);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      servers: [
        entry("1", "everything sse", { kind: "url", url: everything.url, headers: [], transport: "http+sse" }),
        entry("2", "everything auto", { kind: "url", url: everything.url, headers: [], transport: "auto" }),
        entry("3", "protected", { kind: "url", url: protectedDemo.url, headers: [] }, { signIn: { enabled: true, clientId: "", clientSecret: "", tokenEndpointAuthMethod: "", scope: "" } }),
        entry("4", "protected, sign-in off", { kind: "url", url: protectedDemo.url, headers: [] }, { signIn: { enabled: false, clientId: "", clientSecret: "", tokenEndpointAuthMethod: "", scope: "" } }),
      ],
    }),
  );
}, 60_000);

afterAll(async () => {
  await protectedDemo?.close();
});

describe("call --server NAME over HTTP", { timeout: 60_000 }, () => {
  it.each(["everything sse", "everything auto"])("%s: the saved transport choice reaches a 2024-11-05 HTTP+SSE server", async (name) => {
    const r = await runCli(["call", "--server", name, "--answers", answers, "tool", "echo", "message=over SSE"], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`tools/call echo on ${everything.url}`);
    expect(r.stdout).toContain("Echo: over SSE");
  });

  it("sign-in off: the 401 fails in words", async () => {
    const r = await runCli(["call", "--server", "protected, sign-in off", "tool", "greet"], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/401/);
  });

  it("sign-in on: the command prints the sign-in URL, waits for the browser to come back, then calls", async () => {
    const child = spawn(process.execPath, [BIN, "call", "--server", "protected", "--answers", answers, "tool", "greet"], { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.end();
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => void (stdout += d.toString()));
    const printed = new Promise<string>((resolve) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        const url = /^\s+(http:\/\/127\.0\.0\.1:\d+\/\S+)$/m.exec(stderr)?.[1];
        if (url) resolve(url);
      });
    });
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      const url = await printed;
      const redirectUrl = new URL(url).searchParams.get("redirect_uri") ?? "";
      expect(redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      // The person: signs in on the login page, allows on the consent page, and the browser goes back.
      const callback = await signInAgent()({ url, redirectUrl });
      const back = await fetch(callback);
      expect(back.status).toBe(200);
      expect(await back.text()).toContain("signed in");
      expect(await closed).toBe(0);
      expect(stdout).toContain("Hello, Ada!");
      expect(stderr).toContain("sign in: open this URL in a browser");
    } finally {
      child.kill("SIGKILL");
    }
  });
});
