// @modelcontextprotocol/server-everything in stdio mode through the bridge: a third-party,
// initialize-era-only SDK server. The client's 2026-07-28 probe gets an error, it falls back to
// initialize (stdio), and the server's live elicitation request is answered in the call.
import { afterAll, describe, expect, it } from "vitest";
import { Client, text, type Frame, BridgeStdioTransport, type ElicitParams } from "../core";
import { closeBridges, everythingStdioSpec, testBridge } from "../../test/support/bridge";

afterAll(closeBridges);

describe("server-everything over stdio through the bridge", async () => {
  const bridge = await testBridge();
  const endpoint = { url: bridge.url, token: bridge.token };

  it("falls back from the probe to initialize, lists its tools, and completes trigger-elicitation-request", async () => {
    const stderr: string[] = [];
    const transport = await BridgeStdioTransport.spawn(endpoint, everythingStdioSpec(), { onStderr: (l) => stderr.push(l) });
    const asked: ElicitParams[] = [];
    const client = new Client(transport, {
      handlers: {
        "elicitation/create": (params) => {
          asked.push(params);
          return { action: "accept", content: { name: "Ada Lovelace", check: true, integer: 7 } };
        },
      },
    });
    const frames: Frame[] = [];
    client.connection.frames.subscribe((f) => frames.push(f));
    await client.open();
    try {
      expect(client.era).toBe("legacy");
      expect(client.revision).toBe("2025-11-25");
      expect(client.serverInfo?.name).toBe("mcp-servers/everything");
      const probe = frames.find((f) => f.direction === "in" && f.method === "server/discover");
      expect(probe?.message && "error" in probe.message).toBe(true);
      const tools = (await client.listTools()).map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(["echo", "trigger-elicitation-request"]));
      expect(text(await client.callTool("echo", { message: "through the bridge" }))).toBe("Echo: through the bridge");
      const result = text(await client.callTool("trigger-elicitation-request"));
      expect(asked[0]?.message).toBe("Please provide inputs for the following fields:");
      expect(result).toContain("- Name: Ada Lovelace");
      expect(result).toContain("- Favorite Integer: 7");
      expect(stderr.join("\n")).toContain("Starting default (STDIO) server...");
    } finally {
      await client.close();
    }
  });
});
