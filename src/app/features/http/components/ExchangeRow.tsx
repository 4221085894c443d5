import { memo } from "react";
import type { CheckedExchange } from "../../../../core";
import { pathOf, statusText, verdictText } from "../describe";

/** One HTTP request as one line: a button that opens its headers and checks. */
export const ExchangeRow = memo(function ExchangeRow({ checked, selected, onSelect }: { checked: CheckedExchange; selected: boolean; onSelect: (seq: number) => void }) {
  const { exchange, verdict } = checked;
  const rpc = exchange.rpc?.method;
  return (
    <li className={`http-row verdict-${verdict} ${selected ? "is-selected" : ""}`}>
      <button type="button" className="http-row-main" aria-expanded={selected} onClick={() => onSelect(exchange.seq)}>
        <span className="http-seq">{exchange.seq}</span>
        <span className="http-method">{exchange.method}</span>
        <span className="http-kind">{exchange.kind === "mcp" ? "MCP" : exchange.kind}
          {exchange.via ? " (bridge)" : ""}</span>
        <span className="http-status">{statusText(exchange)}</span>
        <span className="http-url" title={exchange.url}>
          {rpc ? <strong>{rpc}</strong> : null} {pathOf(exchange.url)}
        </span>
        <span className="http-ms">{exchange.headersMs !== undefined ? `${Math.round(exchange.headersMs)} ms` : ""}</span>
        <span className={`badge http-verdict ${verdict === "fail" ? "bad" : verdict === "pass" ? "ok" : ""}`}>{verdictText(verdict)}</span>
      </button>
    </li>
  );
});
