import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AutoHttpTransport } from "./autoHttp";
import { LegacySseTransport } from "./legacySse";
import type { TransportEvent } from "./transport";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** A server whose GET answers with `stream` (SSE text, kept open) or a status. */
async function serve(get: { stream?: string; status?: number; end?: boolean }): Promise<string> {
  server = createServer((req, res) => {
    if (req.method !== "GET") return void res.writeHead(405).end();
    if (get.status) return void res.writeHead(get.status, { "content-type": "text/plain" }).end("no stream here");
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(get.stream ?? "");
    if (get.end) res.end();
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
}

const ping = { jsonrpc: "2.0" as const, id: 1, method: "ping" };

describe("HTTP+SSE transport (2024-11-05)", () => {
  it("refuses an endpoint on another origin", async () => {
    const url = await serve({ stream: "event: endpoint\ndata: http://evil.example/message\n\n" });
    const t = new LegacySseTransport(url);
    await expect(t.send(ping)).rejects.toThrow(/not on the stream's origin/);
    await t.close();
  });

  it("fails in words when the stream ends before its endpoint event", async () => {
    const url = await serve({ stream: ": hello\n\n", end: true });
    const t = new LegacySseTransport(url);
    await expect(t.send(ping)).rejects.toThrow(/ended before its endpoint event/);
    await t.close();
  });

  it("fails in words, not a hang, when no endpoint event comes", async () => {
    const url = await serve({ stream: ": waiting\n\n" });
    const t = new LegacySseTransport(url, { endpointTimeoutMs: 200 });
    await expect(t.send(ping)).rejects.toThrow(/no endpoint event within 200 ms/);
    await t.close();
  });

  it("leaves a message on its one stream unmarked: answers and requests of every call share it, so it cannot tell whose", async () => {
    const roots = { jsonrpc: "2.0", id: "s1", method: "roots/list" };
    const url = await serve({ stream: `event: endpoint\ndata: /message\n\nevent: message\ndata: ${JSON.stringify(roots)}\n\n` });
    const t = new LegacySseTransport(url);
    const events: TransportEvent[] = [];
    t.subscribe((e) => events.push(e));
    await t.connect();
    // A ceiling against a hang, not a measure: the message is in the same chunk as the endpoint.
    for (let i = 0; i < 1000 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual([{ type: "message", message: roots, raw: JSON.stringify(roots) }]);
    await t.close();
  });

  it("says what came instead of an event stream", async () => {
    const url = await serve({ status: 404 });
    await expect(new LegacySseTransport(url).send(ping)).rejects.toThrow(/expected an event stream, got HTTP 404/);
  });

  it("auto reports both failures when the Streamable HTTP POST and the fallback GET both fail", async () => {
    const url = await serve({ status: 404 });
    const t = new AutoHttpTransport(url);
    await expect(t.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} })).rejects.toThrow(/answered HTTP 405 and the HTTP\+SSE fallback failed too: .*HTTP 404/);
    await t.close();
  });
});
