import { lazy } from "react";
import { isRequest, type JsonRpcMessage } from "../../../../core";
import { CopyButton } from "../../../components/ui/CopyButton";
import { LazyPart } from "../../../components/ui/LazyPart";
import type { WireEntry } from "../../../model";
import { frameJson } from "../utils/frameJson";

// "Copy as curl" builds the HTTP transport's headers: fetched when a request is first opened in the log.
const CurlActions = lazy(() => import("./CurlActions").then((m) => ({ default: m.CurlActions })));

/**
 * Copy a frame as JSON, and an outgoing 2026-07-28 request as curl (or say why not). `message` is the
 * entry's message parsed from its text (entryMessage; the log keeps only the text), undefined when broken.
 */
export function FrameActions({ entry, message }: { entry: WireEntry; message: JsonRpcMessage | undefined }) {
  const json = <CopyButton text={frameJson(message, entry.raw)} label="Copy as JSON" title="Copy frame as JSON" />;
  if (entry.direction !== "out" || !message || !isRequest(message)) return json;
  return (
    <>
      {json}
      <LazyPart what="Copy as curl">
        <CurlActions entry={entry} message={message} />
      </LazyPart>
    </>
  );
}
