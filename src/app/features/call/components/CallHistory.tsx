import { useCalls, useInspector } from "../../../lib/context";

/** Earlier calls of this page, newest first; picking one shows its rounds and result. */
export function CallHistory() {
  const inspector = useInspector();
  const order = useCalls((s) => s.order);
  const calls = useCalls((s) => s.calls);
  const selected = useCalls((s) => s.selected);
  if (order.length === 0) return null;
  return (
    <details className="call-history" open>
      <summary>Calls ({order.length})</summary>
      <ol reversed>
        {[...order].reverse().map((id) => {
          const c = calls[id];
          if (!c) return null;
          return (
            <li key={id}>
              <button type="button" className="catalog-item" aria-current={id === selected} onClick={() => inspector.calls.select(id)}>
                <span className={`dot status-${c.status}`} /> {c.method} <code>{c.target}</code> <span className="muted">{c.revision}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
