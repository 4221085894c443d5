/**
 * `npm run server -- --auth` as a user runs it (bin/demo-server.ts in its own process, free ports):
 * the printed endpoint answers 401 with its challenge, and the core signs in through the printed
 * authorization server as the printed test user and runs greet.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { OAuthClient, connect, text, StreamableHttpTransport } from "../src/core";
import { signInAgent } from "../src/server/auth";
import { built } from "./support/entries";

const root = fileURLToPath(new URL("..", import.meta.url));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.pid && child.exitCode === null) child.kill("SIGTERM");
});

function start(): Promise<{ url: string; issuer: string; user: string; password: string }> {
  child = spawn(process.execPath, [built("bin/demo-server.ts"), "--auth", "--port", "0", "--auth-port", "0"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    // No deadline of its own: on a busy machine start-up is slow, and a child that fails exits (below).
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const url = /demo server on (\S+)/.exec(out)?.[1];
      const as = /authorization server (\S+); sign in as "([^"]+)" \/ "([^"]+)"/.exec(out);
      if (url && as?.[1] && as[2] && as[3]) {
        resolve({ url, issuer: as[1], user: as[2], password: as[3] });
      }
    };
    child?.stdout?.on("data", read);
    child?.stderr?.on("data", read);
    child?.once("exit", (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

describe("npm run server -- --auth", () => {
  it("prints where it runs and who signs in, answers 401 with a challenge, and lets the core sign in", async () => {
    const demo = await start();
    const bare = await fetch(demo.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", scope="mcp:tools"$/);
    const oauth = new OAuthClient({ redirectUrl: "http://127.0.0.1:1/callback", authorize: signInAgent({ username: demo.user, password: demo.password }) });
    const client = await connect(new StreamableHttpTransport(demo.url, { auth: oauth }), {
      clientInfo: { name: "t", version: "1" },
      handlers: { "elicitation/create": () => ({ action: "accept", content: { name: "Grace" } }) },
    });
    try {
      expect(text(await client.callTool("greet", {}))).toBe("Hello, Grace!");
      expect(oauth.status.issuer).toBe(demo.issuer);
    } finally {
      await client.close();
    }
  }, 120_000);
});
