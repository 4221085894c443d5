import { useMemo } from "react";
import { entryMessage } from "../../../../core/recording";
import { CappedPre } from "../../../components/ui/CappedPre";
import { CopyButton } from "../../../components/ui/CopyButton";
import type { WireEntry } from "../wireStore";
import { FrameActions } from "./FrameActions";
import { formatBytes, formatClock, frameBody, frameInfo } from "../utils/frameInfo";

/** Enough of a frame to read at once; the full text is behind "Show all" (and Copy). */
const DETAIL_MAX = 20_000;

/**
 * The selected frame, pretty-printed (or raw when it did not parse). The log keeps frames as text; the
 * one shown is parsed here, once while it stays open (the log re-renders this on every append).
 */
export function WireDetail({ entry, onClose }: { entry: WireEntry; onClose: () => void }) {
  const info = frameInfo(entry);
  const message = useMemo(() => entryMessage(entry), [entry]);
  const body = useMemo(() => frameBody(entry.raw, message, Number.POSITIVE_INFINITY), [entry.raw, message]);
  return (
    <aside className="wire-detail" aria-label="Frame">
      <header className="wire-detail-head">
        <strong>
          {entry.direction === "out" ? "→ sent" : "← received"} {info.kind}
        </strong>
        <code>{info.method}</code>
        {info.id && <code>#{info.id.slice(0, 40)}</code>}
        <span className="muted">
          {formatClock(entry.at)} · {formatBytes(entry.size)}
          {entry.latencyMs !== undefined ? ` · ${Math.round(entry.latencyMs)} ms` : ""}
        </span>
        <CopyButton text={entry.raw} title="Copy raw frame" />
        <FrameActions entry={entry} message={message} />
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </header>
      {entry.error !== undefined && <p className="field-error">Could not parse: {entry.error.slice(0, 300)}</p>}
      <CappedPre key={entry.seq} text={body.text} max={DETAIL_MAX} label="Frame body" />
    </aside>
  );
}
