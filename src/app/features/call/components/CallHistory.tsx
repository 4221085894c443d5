import { memo } from "react";
import { useCalls, useSession } from "../../../session/context";
import type { CallRecord } from "../callsStore";
import { historyFileName, historyJson } from "../utils/exportHistory";
import { downloadJson } from "../../../lib/downloadJson";

/** One past call; memoised, so an event on the running call does not redraw the other 499. */
const HistoryRow = memo(function HistoryRow({ call, current, onSelect }: { call: CallRecord; current: boolean; onSelect: (id: string) => void }) {
  return (
    <li>
      <button type="button" className="catalog-item" aria-current={current} onClick={() => onSelect(call.callId)}>
        <span className={`dot status-${call.status}`} /> {call.method} <code>{call.target}</code> <span className="muted">{call.revision}</span>
      </button>
    </li>
  );
});

/** Earlier calls of this page, newest first; picking one shows its rounds and result. */
export function CallHistory() {
  const session = useSession();
  const order = useCalls((s) => s.order);
  const calls = useCalls((s) => s.calls);
  const selected = useCalls((s) => s.selected);
  const dropped = useCalls((s) => s.dropped);
  if (order.length === 0) return null;
  const onExport = (): void => {
    const now = new Date();
    downloadJson(historyFileName(now), historyJson(session.calls.getState(), now));
  };
  return (
    <details className="call-history" open>
      <summary>
        Calls ({order.length}
        {dropped > 0 ? `, ${dropped.toLocaleString("en")} older dropped from memory` : ""})
      </summary>
      <button type="button" className="secondary small" onClick={onExport} title="Download the calls kept in memory as JSON">
        Export history
      </button>
      <ol reversed>
        {[...order].reverse().map((id) => {
          const c = calls[id];
          return c ? <HistoryRow key={id} call={c} current={id === selected} onSelect={session.calls.select} /> : null;
        })}
      </ol>
    </details>
  );
}
