import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../demo";
import { startHttpServer } from "./handler";
import { MAX_BODY_BYTES } from "./wire";

let running: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  running = await startHttpServer(demoServer(), { port: 0 });
});
afterAll(() => running.close());

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
const post = (path: string) =>
  fetch(new URL(path, running.url), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(initialize),
  });

describe("the HTTP endpoint's path", () => {
  it("answers on its path, with or without a query string", async () => {
    const endpoint = new URL(running.url).pathname;
    for (const path of [endpoint, `${endpoint}?debug=1`]) {
      const response = await post(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('"protocolVersion":"2025-11-25"');
    }
  });

  it("answers 404 anywhere else, prefixes and trailing slashes included", async () => {
    const endpoint = new URL(running.url).pathname;
    for (const path of ["/", `${endpoint}/`, `${endpoint}x`, `/other${endpoint}`]) {
      const response = await post(path);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });
});

/** Posts `chunks` as separate writes, each after the last one was flushed; resolves with status and body. */
function postChunks(chunks: (string | Buffer)[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(running.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    const next = (i: number): void => {
      if (i === chunks.length) return void req.end();
      req.write(chunks[i], () => setTimeout(() => next(i + 1), 5));
    };
    next(0);
  });
}

describe("the HTTP endpoint's request body", () => {
  it("reads a body that arrives in several chunks, a character split between two included", async () => {
    const bytes = Buffer.from(JSON.stringify({ ...initialize, params: { ...initialize.params, clientInfo: { name: "r\u00e9seau", version: "1" } } }));
    const at = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const { status, body } = await postChunks([bytes.subarray(0, 10), bytes.subarray(10, at), bytes.subarray(at)]);
    expect(status).toBe(200);
    expect(body).toContain('"protocolVersion":"2025-11-25"');
  });

  it("refuses a body over the cap with 413, and an empty one as unreadable", async () => {
    const big = await postChunks([Buffer.alloc(MAX_BODY_BYTES, 0x20), "{}"]);
    expect(big.status).toBe(413);
    expect(big.body).toContain("body too large");
    const empty = await postChunks([]);
    expect(empty.status).toBe(400);
  });
});

describe("the HTTP endpoint's preflight", () => {
  it("allows the headers asked for and the MCP request headers, cached for 10 minutes", async () => {
    const response = await fetch(running.url, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type,mcp-method,mcp-param-region" },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(/,\s*/);
    for (const name of ["mcp-param-region", "mcp-method", "mcp-protocol-version", "mcp-name", "mcp-session-id", "last-event-id", "authorization"]) expect(allowed).toContain(name);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
    expect(response.headers.get("access-control-max-age")).toBe("600");
  });
});
