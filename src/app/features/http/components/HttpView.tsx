import { useId, useMemo, useState } from "react";
import { checkExchanges, type CheckedExchange } from "../../../../core";
import { useConnection, useController, useSession } from "../../../session/context";
import { useExchanges } from "../useExchanges";
import { ExchangeDetail } from "./ExchangeDetail";
import { ExchangeRow } from "./ExchangeRow";
import "../http.css";

type Show = "all" | "failed" | "mcp";

/**
 * The HTTP view: every HTTP request the shown session made (MCP POST/GET/DELETE and their SSE
 * streams, sign-in steps, bridge hops) with status, headers and timing, and the checks of the headers
 * the negotiated revision requires, each with its verdict and reason. Everything is text; nothing a
 * server sent is rendered as markup.
 */
export default function HttpView({ collapsed, onToggle }: { collapsed?: boolean; onToggle?: () => void } = {}) {
  const session = useSession();
  const live = useController();
  const exchanges = useExchanges();
  const connectionId = useConnection((s) => s.connectionId);
  const revision = useConnection((s) => s.revision);
  const [ownOpen, setOwnOpen] = useState(true);
  const open = collapsed === undefined ? ownOpen : !collapsed;
  const [show, setShow] = useState<Show>("all");
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const bodyId = useId();
  // The listed tools' schemas are the shown session's own only when it is the live one.
  const toolSchema = session === live.session ? live.toolSchema : undefined;
  const checked = useMemo(
    () => checkExchanges(exchanges, { revisionOf: (id) => (id === connectionId ? revision : undefined), ...(toolSchema ? { toolSchema } : {}) }),
    [exchanges, connectionId, revision, toolSchema],
  );
  const failed = checked.filter((c) => c.verdict === "fail").length;
  const shown = checked.filter((c) => (show === "failed" ? c.verdict === "fail" : show === "mcp" ? c.exchange.kind === "mcp" : true));
  const entry: CheckedExchange | undefined = checked.find((c) => c.exchange.seq === selected);
  return (
    <section className={`wire-log http-view ${open ? "is-open" : "is-collapsed"}`} aria-label="HTTP exchanges">
      <header className="wire-head">
        <button type="button" className="link wire-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => (onToggle ? onToggle() : setOwnOpen(!open))}>
          {open ? "▾" : "▸"} HTTP
        </button>
        <span className="muted" data-testid="http-count">
          {exchanges.length} exchange(s){session.http.dropped > 0 ? `, ${session.http.dropped} older dropped` : ""}
        </span>
        {failed > 0 && (
          <span className="badge bad" data-testid="http-failed-count">
            {failed} failed header check(s)
          </span>
        )}
        {open && (
          <label className="http-show">
            Show{" "}
            <select value={show} onChange={(e) => setShow(e.target.value as Show)}>
              <option value="all">all</option>
              <option value="mcp">MCP requests only</option>
              <option value="failed">failed checks only</option>
            </select>
          </label>
        )}
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            session.http.clear();
            setSelected(undefined);
          }}
        >
          Clear
        </button>
      </header>
      {open && (
        <div className="wire-body http-body" id={bodyId}>
          {shown.length === 0 ? (
            <p className="muted panel-empty">
              {exchanges.length === 0 ? "No HTTP yet: the embedded servers run in the page. Connect to a server over HTTP (or through the bridge) to see its requests here." : "None to show with this filter."}
            </p>
          ) : (
            <ol className="http-list" aria-label="HTTP requests">
              {shown.map((c) => (
                <ExchangeRow key={c.exchange.seq} checked={c} selected={c.exchange.seq === selected} onSelect={(seq) => setSelected((s) => (s === seq ? undefined : seq))} />
              ))}
            </ol>
          )}
          {entry && <ExchangeDetail checked={entry} onClose={() => setSelected(undefined)} />}
        </div>
      )}
    </section>
  );
}
