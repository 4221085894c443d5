/**
 * A small HTTP proxy on 127.0.0.1 for the fault tests (scale-out runs behind a real HAProxy:
 * haproxy.ts): it spreads requests round-robin
 * over its backends, records which backend served what, and can cut an SSE response after its first
 * event (a dropped stream) or refuse GETs (a server that cannot resume). Plain node:http, no mocks.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as it passed the proxy. */
export interface ProxiedRequest {
  /** Index of the backend that served it. */
  backend: number;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
  status?: number;
}

export interface ProxyOptions {
  /** Backend endpoints, e.g. `http://127.0.0.1:4000/mcp`; the proxy keeps each one's path. */
  backends: string[];
  /** Cut this request's SSE response once its first event has gone through. */
  cutAfterFirstEvent?: (request: ProxiedRequest) => boolean;
  /** Answer GETs with 405 instead of forwarding them. */
  refuseGet?: boolean;
}

export interface RunningProxy {
  url: string;
  requests: ProxiedRequest[];
  /** How many SSE responses were cut. */
  cuts(): number;
  close(): Promise<void>;
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const requests: ProxiedRequest[] = [];
  let next = 0;
  let cuts = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      let body: Record<string, unknown> | undefined;
      try {
        body = raw.length > 0 ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      const backend = next++ % options.backends.length;
      const seen: ProxiedRequest = { backend, method: req.method ?? "GET", headers: flatHeaders(req), body };
      requests.push(seen);
      if (options.refuseGet && req.method === "GET") {
        seen.status = 405;
        res.writeHead(405, { Allow: "POST" }).end();
        return;
      }
      const target = new URL(options.backends[backend] as string);
      const headers = { ...req.headers, host: target.host };
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers }, (answer) => {
        seen.status = answer.statusCode;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders(); // an SSE stream's headers go at once, as the backend sent them

        const cut = String(answer.headers["content-type"] ?? "").startsWith("text/event-stream") && options.cutAfterFirstEvent?.(seen) === true;
        let sent = "";
        let dropped = false;
        answer.on("data", (chunk: Buffer) => {
          if (!cut) return void res.write(chunk);
          if (dropped) return;
          sent += chunk.toString("utf8");
          const end = sent.indexOf("\n\n");
          if (end === -1) return void res.write(chunk);
          // Forward exactly the first event, then drop both sides, as a broken connection would.
          const before = sent.length - chunk.toString("utf8").length;
          dropped = true;
          res.write(sent.slice(before, end + 2), () => {
            cuts++;
            res.destroy();
            answer.destroy();
          });
        });
        answer.on("end", () => res.end());
        answer.on("error", () => res.destroy());
      });
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      // The client went away before the answer was done: so does the upstream request.
      res.on("close", () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${new URL(options.backends[0] as string).pathname}`,
    requests,
    cuts: () => cuts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
