/**
 * Serves a fetch-shaped handler (`Request` in, `Response` out, as the SDK's `createMcpHandler` and
 * `WebStandardStreamableHTTPServerTransport` speak) on 127.0.0.1, streaming response bodies so SSE works.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FetchServer {
  url: string;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const chunks: Buffer[] = [];
  if (req.method !== "GET" && req.method !== "HEAD") for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body, signal });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  res.flushHeaders();
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    res.write(value);
  }
  res.end();
}

export function serveFetch(handler: (request: Request) => Promise<Response>, path = "/mcp"): Promise<FetchServer> {
  const http = createServer((req, res) => {
    const aborted = new AbortController();
    res.on("close", () => aborted.abort());
    const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
    void toRequest(req, origin, aborted.signal)
      .then(handler)
      .then((response) => send(response, res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
        else res.end();
      });
  });
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, "127.0.0.1", () => {
      const { port } = http.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}${path}`,
        close: () =>
          new Promise((done) => {
            http.closeAllConnections();
            http.close(() => done());
          }),
      });
    });
  });
}
