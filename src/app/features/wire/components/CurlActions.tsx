import type { JsonRpcRequest } from "../../../../core";
import { CopyButton } from "../../../components/ui/CopyButton";
import { useConnection, useController } from "../../../session/context";
import type { WireEntry } from "../../../model";
import { curlCommand } from "../utils/curl";

function customHeaders(rows: { name: string; value: string }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const row of rows) if (row.name.trim()) headers[row.name.trim()] = row.value;
  return headers;
}

/**
 * An outgoing 2026-07-28 request as curl (or why not), with the headers the HTTP transport would
 * send: a chunk of its own (the transport's header builders), loaded when a request is opened in the log.
 */
export function CurlActions({ entry, message }: { entry: WireEntry; message: JsonRpcRequest }) {
  const controller = useController();
  const target = useConnection((s) => s.settings.target);
  const connectionId = useConnection((s) => s.connectionId);
  const name = message.method === "tools/call" ? message.params?.name : undefined;
  const schema = typeof name === "string" ? controller.toolSchema(name) : undefined;
  const outcome = curlCommand({
    url: target.kind === "url" ? target.url : undefined,
    custom: target.kind === "url" ? customHeaders(target.headers) : {},
    message,
    raw: entry.raw,
    inputSchema: schema,
  });
  return outcome.ok ? (
    <>
      <CopyButton text={outcome.command} label="Copy as curl" title="Copy request as curl" />
      <details className="curl">
        <summary>curl</summary>
        {entry.connectionId !== connectionId && <p className="muted">Built with the current connection’s URL and headers.</p>}
        <pre aria-label="curl command">{outcome.command}</pre>
      </details>
    </>
  ) : (
    <span className="muted curl-note" data-testid="curl-note">
      {outcome.reason}
    </span>
  );
}
