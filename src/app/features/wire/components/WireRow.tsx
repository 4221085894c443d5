import { memo } from "react";
import type { WireEntry } from "../wireStore";
import { formatBytes, formatClock, frameInfo } from "../utils/frameInfo";
import { CopyButton } from "../../../components/ui/CopyButton";

export interface WireRowProps {
  entry: WireEntry;
  index: number;
  count: number;
  top: number;
  height: number;
  selected: boolean;
  onSelect: (seq: number) => void;
}

/** One frame as one fixed-height line; absolutely placed by the windowed list. */
export const WireRow = memo(function WireRow({ entry, index, count, top, height, selected, onSelect }: WireRowProps) {
  const info = frameInfo(entry);
  const sent = entry.direction === "out";
  return (
    <li
      className={`wire-row dir-${entry.direction} kind-${info.kind} ${selected ? "is-selected" : ""}`}
      style={{ top, height }}
      aria-posinset={index + 1}
      aria-setsize={count}
    >
      <button type="button" className="wire-row-main" aria-expanded={selected} onClick={() => onSelect(entry.seq)}>
        <span className="wire-dir" aria-label={entry.app !== undefined ? (sent ? "to the app" : "from the app") : sent ? "sent" : "received"}>
          {sent ? "→" : "←"}
        </span>
        <span className="wire-time">{formatClock(entry.at)}</span>
        <span className="wire-method">
          {entry.app !== undefined && <span className="badge wire-app" title="inspector <-> MCP App (postMessage)">app {entry.app}</span>}
          {info.method || (info.kind === "broken" ? "(unparsed)" : "(response)")}
        </span>
        <span className="wire-id">{info.id ? `#${info.id.slice(0, 24)}` : ""}</span>
        <span className="wire-kind">{info.kind === "request" || info.kind === "notification" ? "" : info.kind}</span>
        <span className="wire-latency">{entry.latencyMs !== undefined ? `${Math.round(entry.latencyMs)} ms` : ""}</span>
        <span className="wire-size">{formatBytes(entry.size)}</span>
        {info.kind === "broken" && (
          <span className="badge bad wire-broken" title={entry.error}>
            parse error
          </span>
        )}
      </button>
      <CopyButton text={entry.raw} title={`Copy frame ${index + 1}`} />
    </li>
  );
});
