/**
 * The 2024-11-05 HTTP+SSE transport (what older servers still speak) against @modelcontextprotocol/server-everything in
 * its SSE mode (`dist/index.js sse`: GET /sse names POST /message?sessionId=… in its endpoint event),
 * directly and through "auto", which POSTs initialize as Streamable HTTP first, gets a 4xx and falls
 * back as the spec's backwards-compatibility section says.
 */
import { describe, expect, it } from "vitest";
import { handlers, useEverything } from "../support/interop/support";
import { connect, text, type Client, AutoHttpTransport, bridgeFetch, LegacySseTransport } from "../../src/core";
import { testBridge } from "../support/bridge";
import { record } from "../support/interop/table";

describe("server-everything over HTTP+SSE (2024-11-05 transport)", () => {
  const everything = useEverything("sse");

  for (const revision of ["2024-11-05", "2025-06-18"]) {
    it(`HTTP+SSE on ${revision}: endpoint event, echo, get-sum, sampling${revision >= "2025-06-18" ? ", elicitation" : ""}`, async ({ task }) => {
      record(task, { area: "server-everything (HTTP+SSE)", scenario: "echo, sum, sample, elicit over GET stream + POST endpoint", revision });
      const transport = new LegacySseTransport(everything.url);
      const client: Client = await connect(transport, { versions: [revision], handlers, requestTimeoutMs: 15_000 });
      try {
        expect(transport.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/message\?sessionId=/);
        expect(client.revision).toBe(revision);
        expect(text(await client.callTool("echo", { message: "hi over SSE" }))).toBe("Echo: hi over SSE");
        expect(text(await client.callTool("get-sum", { a: 2, b: 3 }))).toContain("5");
        expect(text(await client.callTool("trigger-sampling-request", { prompt: "Say hi", maxTokens: 20 }))).toContain("Sampled by presa.");
        if (revision >= "2025-06-18") {
          const elicited = text(await client.callTool("trigger-elicitation-request"));
          expect(elicited).toContain("Name: Ada Lovelace");
        }
      } finally {
        await client.close();
      }
    });
  }

  it("auto: Streamable HTTP POST initialize gets a 4xx, so it falls back to the GET stream", async ({ task }) => {
    record(task, { area: "server-everything (HTTP+SSE)", scenario: "auto falls back from Streamable HTTP to HTTP+SSE", revision: "auto → 2025-11-25" });
    const transport = new AutoHttpTransport(everything.url);
    const client = await connect(transport, { handlers, requestTimeoutMs: 15_000 });
    try {
      expect(transport.chosen).toBe("http+sse");
      expect(client.era).toBe("legacy");
      expect(text(await client.callTool("echo", { message: "auto" }))).toBe("Echo: auto");
      expect(text(await client.callTool("trigger-elicitation-request"))).toContain("Name: Ada Lovelace");
    } finally {
      await client.close();
    }
  });

  it("through the bridge: auto falls back to HTTP+SSE with every request (GET stream, POSTs) going through /forward", async ({ task }) => {
    record(task, { area: "server-everything (HTTP+SSE)", scenario: "auto → HTTP+SSE through the bridge", revision: "auto → 2025-11-25" });
    const bridge = await testBridge();
    const forwarded: string[] = [];
    const viaBridge = bridgeFetch({ url: bridge.url, token: bridge.token }, (input, init) => {
      forwarded.push(`${init?.method ?? "GET"} ${new Headers(init?.headers).get("X-Presa-Target") ?? ""}`);
      return globalThis.fetch(input, init);
    });
    const transport = new AutoHttpTransport(everything.url, { fetch: viaBridge });
    const client = await connect(transport, { handlers, requestTimeoutMs: 15_000 });
    try {
      expect(transport.chosen).toBe("http+sse");
      expect(text(await client.callTool("echo", { message: "bridged" }))).toBe("Echo: bridged");
      expect(text(await client.callTool("trigger-sampling-request", { prompt: "Say hi", maxTokens: 20 }))).toContain("Sampled by presa.");
      expect(forwarded).toEqual(expect.arrayContaining([`GET ${everything.url}`, expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/message\?sessionId=/)]));
    } finally {
      await client.close();
    }
  });
});
