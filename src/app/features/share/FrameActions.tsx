import { isRequest, type JsonRpcMessage } from "../../../core";
import { CopyButton } from "../../components/ui/CopyButton";
import { useConnection, useController } from "../../lib/context";
import type { WireEntry } from "../../model";
import { curlCommand, frameJson } from "./utils/curl";

function customHeaders(rows: { name: string; value: string }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const row of rows) if (row.name.trim()) headers[row.name.trim()] = row.value;
  return headers;
}

/**
 * Copy a frame as JSON, and an outgoing 2026-07-28 request as curl (or say why not). `message` is the
 * entry's message parsed from its text (entryMessage; the log keeps only the text), undefined when broken.
 */
export function FrameActions({ entry, message }: { entry: WireEntry; message: JsonRpcMessage | undefined }) {
  const controller = useController();
  const target = useConnection((s) => s.settings.target);
  const connectionId = useConnection((s) => s.connectionId);
  const json = <CopyButton text={frameJson(message, entry.raw)} label="Copy as JSON" title="Copy frame as JSON" />;
  if (entry.direction !== "out" || !message || !isRequest(message)) return json;
  const name = message.method === "tools/call" ? message.params?.name : undefined;
  const schema = typeof name === "string" ? controller.toolSchema(name) : undefined;
  const outcome = curlCommand({
    url: target.kind === "url" ? target.url : undefined,
    custom: target.kind === "url" ? customHeaders(target.headers) : {},
    message,
    raw: entry.raw,
    inputSchema: schema,
  });
  return (
    <>
      {json}
      {outcome.ok ? (
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
      )}
    </>
  );
}
