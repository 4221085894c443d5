import {
  Emitter,
  McpError,
  parseFrame,
  type JsonRpcMessage,
  LineSplitter,
  type Transport,
  type TransportCapabilities,
  type TransportEvent,
} from "../core/protocol";
import { serveTransport } from "./serve";
import type { McpServer } from "./server";
import type { ServerSession } from "./session";

/** The two ends of a process's stdio, as far as this transport needs them (Node streams fit). */
export interface StdioStreams {
  input: { on(event: "data", listener: (chunk: Uint8Array | string) => void): unknown; on(event: "end" | "close", listener: () => void): unknown; setEncoding?(encoding: "utf8"): unknown };
  output: { write(text: string, callback?: (error?: Error | null) => void): boolean };
}

/**
 * The server's side of stdio (spec "Transports", stdio): one JSON-RPC message per line in, one per
 * line out, nothing else on stdout. A line that is not a message is reported (and answered with
 * nothing: there is no id to answer); the end of stdin closes the transport.
 */
export class StdioServerTransport implements Transport {
  readonly kind = "stdio" as const;
  readonly capabilities: TransportCapabilities = { paramHeaders: false, abortClosesStream: false, standaloneStream: false, sessions: false };
  readonly #events = new Emitter<TransportEvent>();
  readonly #output: StdioStreams["output"];
  readonly #lines = new LineSplitter();
  readonly #decoder = new TextDecoder();
  #closed = false;

  constructor(streams: StdioStreams) {
    this.#output = streams.output;
    streams.input.setEncoding?.("utf8");
    streams.input.on("data", (chunk) => {
      const text = typeof chunk === "string" ? chunk : this.#decoder.decode(chunk, { stream: true });
      for (const line of this.#lines.push(text)) this.#receive(line.text);
    });
    const end = (): void => {
      for (const line of this.#lines.flush()) this.#receive(line.text);
      void this.close();
    };
    streams.input.on("end", end);
    streams.input.on("close", end);
  }

  send(message: JsonRpcMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new McpError({ kind: "closed", message: "stdio transport is closed" }));
    // JSON.stringify escapes every newline inside strings, so one message is always one line.
    const line = `${JSON.stringify(message)}\n`;
    return new Promise((resolve, reject) => {
      this.#output.write(line, (error) => (error ? reject(new McpError({ kind: "transport", message: `stdout write failed: ${error.message}`, cause: error })) : resolve()));
    });
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#events.emit({ type: "close", reason: "stdin ended" });
    this.#events.clear();
  }

  #receive(raw: string): void {
    if (this.#closed || raw.trim() === "") return;
    const parsed = parseFrame(raw);
    if (parsed.ok) this.#events.emit({ type: "message", message: parsed.message, raw });
    else this.#events.emit({ type: "error", raw, error: new McpError({ kind: "transport", message: `bad frame from client: ${parsed.reason}` }) });
  }
}

/**
 * Serves an MCP server on a stdio pair, both eras on one process: an `initialize` opens an
 * initialize-era session for the process's lifetime, requests with 2026-07-28 `_meta` are stateless.
 */
export function serveStdio(server: McpServer, streams: StdioStreams): { transport: StdioServerTransport; session: ServerSession } {
  const transport = new StdioServerTransport(streams);
  const session = serveTransport(server, transport, { caller: "stdio" });
  return { transport, session };
}
