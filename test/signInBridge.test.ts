/**
 * Sign-in through the bridge: the app will route metadata, registration and token requests
 * through the bridge's /forward when a server allows no CORS; here the core flow does exactly that
 * against the protected demo (real authorization server), and so do the MCP POSTs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { closeBridges, testBridge } from "./support/bridge";
import { OAuthClient, connect, text, type Client, bridgeFetch, StreamableHttpTransport } from "../src/core";
import { signInAgent, startProtectedDemo, type ProtectedDemo } from "../src/server/auth";
import { demoServer } from "../src/server/demo";

let demo: ProtectedDemo | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close().catch(() => undefined);
  await demo?.close();
  await closeBridges();
});

const handlers = { "elicitation/create": () => ({ action: "accept" as const, content: { name: "Ada" } }) };

describe("sign-in through the bridge", () => {
  it("signs in through the bridge: metadata, registration and token requests and the MCP POSTs all go via /forward", async () => {
    demo = await startProtectedDemo(demoServer());
    const bridge = await testBridge();
    const targets: string[] = [];
    const viaBridge = bridgeFetch({ url: bridge.url, token: bridge.token }, (input, init) => {
      targets.push(new URL(new Headers(init?.headers).get("X-Presa-Target") ?? "http://x/").pathname);
      return globalThis.fetch(input, init);
    });
    const oauth = new OAuthClient({ redirectUrl: "http://127.0.0.1:1/callback", authorize: signInAgent(), fetch: viaBridge });
    client = await connect(new StreamableHttpTransport(demo.url, { auth: oauth, fetch: viaBridge }), { versions: ["2026-07-28"], clientInfo: { name: "t", version: "1" }, handlers });
    expect(text(await client.callTool("greet", {}))).toBe("Hello, Ada!");
    expect(targets).toEqual(expect.arrayContaining(["/mcp", "/.well-known/oauth-protected-resource/mcp", "/.well-known/openid-configuration", "/reg", "/token"]));
  });
});
