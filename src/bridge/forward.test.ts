// HTTP via the bridge: the demo server refuses every browser Origin and sends no CORS headers, as
// many servers do; through the bridge it works in both eras, SSE arrives as it is sent, and the
// frames the client logs are byte for byte what the server wrote.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, text, type Frame, type McpError, bridgeFetch, StreamableHttpTransport } from "../core";
import { demoServer } from "../server/demo";
import { createHttpHandler } from "../server/http/handler";
import { answers } from "../../test/support/seed";
import type { RunningBridge } from "./server";
import { closeBridges, raw, testBridge } from "../../test/support/bridge";

let bridge: RunningBridge;
let upstream: Server;
let target: string;
let written = "";
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  bridge = await testBridge();
  const handler = createHttpHandler(demoServer(), { allowedOrigins: [] });
  upstream = createServer((req, res) => {
    seen.push(req.headers);
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      written += String(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] === "string" || Buffer.isBuffer(args[0])) written += String(args[0]);
      return end(...args);
    }) as typeof res.end;
    handler(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await closeBridges();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

function viaBridge(headers: Record<string, string> = {}): StreamableHttpTransport {
  // The Origin a browser would send: the bridge accepts it, the upstream never sees it.
  const withOrigin: typeof fetch = (input, init) => {
    const h = new Headers(init?.headers);
    h.set("Origin", "http://127.0.0.1:5173");
    return fetch(input, { ...init, headers: h });
  };
  return new StreamableHttpTransport(target, { headers, fetch: bridgeFetch({ url: bridge.url, token: bridge.token }, withOrigin) });
}

function framesOf(client: Client): Frame[] {
  const frames: Frame[] = [];
  client.connection.frames.subscribe((f) => frames.push(f));
  return frames;
}

describe("HTTP via the bridge to a server without CORS", () => {
  it("the server refuses the browser directly (it allows no Origin)", async () => {
    const direct = await fetch(target, { method: "POST", headers: { Origin: "http://127.0.0.1:5173", "Content-Type": "application/json" }, body: "{}" });
    expect(direct.status).toBe(403);
    expect(direct.headers.get("access-control-allow-origin")).toBeNull();
  });

  for (const versions of [["2026-07-28"], ["2025-11-25"]]) {
    it(`${versions[0]}: greet and two-steps, every incoming frame exactly as the server wrote it`, async () => {
      written = "";
      const client = new Client(viaBridge(), { versions, handlers: answers });
      const frames = framesOf(client);
      await client.open();
      try {
        expect(client.revision).toBe(versions[0]);
        expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
        expect(text(await client.callTool("two-steps"))).toBe("Ada likes blue");
      } finally {
        await client.close();
      }
      const incoming = frames.filter((f) => f.direction === "in");
      expect(incoming.length).toBeGreaterThan(3);
      for (const f of incoming) expect(written).toContain(f.raw);
      if (versions[0] === "2025-11-25") {
        // Live elicitation requests came over the POST's SSE stream, as the server sent them.
        expect(incoming.filter((f) => f.message && "method" in f.message && f.message.method === "elicitation/create")).toHaveLength(3);
        expect(written).toContain("event: message\ndata: ");
      }
    });
  }

  it("headers: the target's Authorization and Mcp-* go on, the bridge token and browser headers do not", async () => {
    seen.length = 0;
    const client = new Client(viaBridge({ Authorization: "Bearer upstream-secret", "X-Custom": "yes" }), { handlers: answers });
    await client.open();
    await client.callTool("echo", { message: "hi" });
    await client.close();
    const call = seen.find((h) => h["mcp-method"] === "tools/call");
    expect(call).toMatchObject({ authorization: "Bearer upstream-secret", "x-custom": "yes", "mcp-name": "echo", "mcp-protocol-version": "2026-07-28" });
    expect(call).not.toHaveProperty("origin");
    expect(call).not.toHaveProperty("x-presa-target");
    expect(call).not.toHaveProperty("x-presa-forward-authorization");
    expect(JSON.stringify(seen)).not.toContain(bridge.token);
  });

  it("the legacy session id comes back through the bridge and goes out on later requests", async () => {
    seen.length = 0;
    const transport = viaBridge();
    const client = new Client(transport, { versions: ["2025-11-25"], handlers: answers });
    await client.open();
    const session = transport.sessionId;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    await client.callTool("greet");
    await client.close();
    // initialized, the GET stream, the call, the answer to its elicitation, and the closing DELETE.
    expect(seen.filter((h) => h["mcp-session-id"] === session).length).toBeGreaterThanOrEqual(5);
  });

  it("an unreachable target is the bridge's 502, in words", async () => {
    const transport = new StreamableHttpTransport("http://127.0.0.1:1/mcp", { fetch: bridgeFetch({ url: bridge.url, token: bridge.token }) });
    const error = await new Client(transport, { versions: ["2026-07-28"] }).open().then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(error?.status).toBe(502);
    expect(error?.reason).toEqual({ type: "bridge", code: "upstream-failed" });
    expect(error?.message).toMatch(/could not reach http:\/\/127\.0\.0\.1:1\/mcp: connect ECONNREFUSED/);
  });

  it("a blocked target never falls back to initialize: one refusal, 403", async () => {
    const transport = new StreamableHttpTransport("http://169.254.169.254/mcp", { fetch: bridgeFetch({ url: bridge.url, token: bridge.token }) });
    const error = await new Client(transport).open().then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(error?.status).toBe(403);
    expect(error?.message).toMatch(/cloud metadata address/);
  });

  it("a wrong token is the bridge's 401, not the server's", async () => {
    const transport = new StreamableHttpTransport(target, { fetch: bridgeFetch({ url: bridge.url, token: "not-the-token-0123456789" }) });
    const error = await new Client(transport).open().then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(error?.status).toBe(401);
    expect(error?.reason).toEqual({ type: "bridge", code: "unauthorized" });
  });

  it("a server sending the bridge's own X-Presa-* headers cannot pass its answer off as the bridge's", async () => {
    // The spoof: the body and headers of the bridge's own 401, from the target.
    const spoofer = createServer((_req, res) =>
      res
        .writeHead(401, {
          "Content-Type": "application/json",
          "X-Presa-Bridge": "error",
          "X-Presa-Target": "http://169.254.169.254/",
          "X-Presa-Forward-Authorization": "Bearer stolen",
          "X-Presa-Anything": "1",
          "Access-Control-Expose-Headers": "X-Presa-Bridge, X-Presa-Anything",
        })
        .end(JSON.stringify({ error: { code: "unauthorized", message: "a valid bridge token is required" } })),
    );
    await new Promise<void>((resolve) => spoofer.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(spoofer.address() as AddressInfo).port}/mcp`;
    try {
      const answer = await raw(bridge, "POST", "/forward", { Host: `127.0.0.1:${bridge.port}`, Authorization: `Bearer ${bridge.token}`, "X-Presa-Target": url, "Content-Type": "application/json" }, "{}");
      expect(answer.status).toBe(401);
      expect(answer.headers["x-presa-bridge"]).toBe("forwarded");
      expect(Object.keys(answer.headers).filter((h) => h.startsWith("x-presa-"))).toEqual(["x-presa-bridge"]);
      expect(String(answer.headers["access-control-expose-headers"]).toLowerCase()).not.toContain("x-presa-anything");
      // And the client core: the target's 401, never the bridge's "unauthorized".
      const error = await new Client(new StreamableHttpTransport(url, { fetch: bridgeFetch({ url: bridge.url, token: bridge.token }) })).open().then(
        () => undefined,
        (e: McpError) => e,
      );
      expect(error?.status).toBe(401);
      expect(error?.data).not.toEqual({ bridge: "unauthorized" });
    } finally {
      spoofer.closeAllConnections();
      await new Promise((resolve) => spoofer.close(resolve));
    }
  });

  it("a redirect is not followed", async () => {
    const redirector = createServer((_req, res) => res.writeHead(307, { Location: "http://169.254.169.254/" }).end());
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/mcp`;
    try {
      const response = await bridgeFetch({ url: bridge.url, token: bridge.token })(url, { method: "POST", body: "{}" }).then(
        () => undefined,
        (e: McpError) => e,
      );
      expect(response?.status).toBe(502);
      expect(response?.message).toMatch(/does not follow redirects/);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it("SSE events pass through as they are sent, and closing the response closes the target's stream", async () => {
    let release: () => void = () => undefined;
    const firstSeen = new Promise<void>((resolve) => (release = resolve));
    let upstreamClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const streamer = createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n');
      // The second event waits until the client has the first: a buffering bridge would hang here.
      void firstSeen.then(() => res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":2}}\n\n'));
      req.socket.on("close", () => upstreamClosed());
    });
    await new Promise<void>((resolve) => streamer.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(streamer.address() as AddressInfo).port}/mcp`;
    try {
      const abort = new AbortController();
      const response = await bridgeFetch({ url: bridge.url, token: bridge.token })(url, { method: "POST", body: "{}", signal: abort.signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let got = "";
      while (!got.includes('"progress":1')) got += decoder.decode((await reader.read()).value);
      release();
      while (!got.includes('"progress":2')) got += decoder.decode((await reader.read()).value);
      abort.abort();
      await closed;
    } finally {
      streamer.closeAllConnections();
      await new Promise((resolve) => streamer.close(resolve));
    }
  });
});
