import type { CheckedExchange } from "../../../../core";
import { statusText, verdictText } from "../describe";

function Headers({ title, headers }: { title: string; headers: Record<string, string> | undefined }) {
  const rows = Object.entries(headers ?? {});
  return (
    <div className="http-headers">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{headers === undefined ? "no answer yet" : "none"}</p>
      ) : (
        <dl>
          {rows.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** One exchange in full: what was sent, what came back, and each header check with its reason. */
export function ExchangeDetail({ checked, onClose }: { checked: CheckedExchange; onClose: () => void }) {
  const { exchange, checks, era, verdict } = checked;
  return (
    <section className="http-detail" aria-label={`HTTP request ${exchange.seq}`}>
      <header>
        <strong>
          {exchange.method} {exchange.url}
        </strong>
        <button type="button" className="link" aria-label="Close the request's details" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="muted">
        {statusText(exchange)}
        {exchange.headersMs !== undefined ? `, answer headers after ${Math.round(exchange.headersMs)} ms` : ""}
        {exchange.via ? ", through the local bridge" : ""}
        {exchange.rpc?.method ? `; JSON-RPC ${exchange.rpc.method}${exchange.rpc.request ? "" : " (no answer expected)"}` : ""}
        {exchange.error !== undefined ? `; no answer: ${exchange.error}` : ""}
      </p>
      <h3>
        Header checks{era ? ` (${era === "modern" ? "2026-07-28" : "initialize era"})` : ""}: <span className={verdict === "fail" ? "bad" : verdict === "pass" ? "ok" : "muted"}>{verdictText(verdict)}</span>
      </h3>
      {checks.length === 0 ? (
        <p className="muted">{era === undefined ? "None apply: sign-in steps and bridge hops follow no MCP header rules." : "None apply to this request on this revision."}</p>
      ) : (
        <ul className="http-checks">
          {checks.map((c, i) => (
            <li key={i} className={`http-check verdict-${c.verdict}`}>
              <span className={`badge ${c.verdict === "fail" ? "bad" : c.verdict === "pass" ? "ok" : ""}`}>{c.verdict}</span> <code>{c.header}</code> ({c.side === "request" ? "sent" : "answer"}): {c.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="http-headers-pair">
        <Headers title="Request headers" headers={exchange.requestHeaders} />
        <Headers title="Response headers" headers={exchange.responseHeaders} />
      </div>
      <p className="muted small">Credentials are shown as [redacted]. A page sees only the answer headers the server exposes to it (Access-Control-Expose-Headers).</p>
    </section>
  );
}
