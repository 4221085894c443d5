import { checkExchanges, type CheckedExchange, type HttpExchange } from "../core";
import { safeText } from "./terminal";

/** One exchange as a line: what was asked, how it was answered, and the verdict of its header checks. */
function exchangeLine({ exchange: e, verdict }: CheckedExchange): string {
  const status = e.status !== undefined ? `${e.status}${e.responseHeaders?.["content-type"]?.startsWith("text/event-stream") ? " SSE" : ""}` : e.error !== undefined ? `failed: ${e.error}` : "no answer";
  const timing = e.headersMs !== undefined ? ` in ${Math.round(e.headersMs)} ms` : "";
  const what = e.kind === "mcp" ? (e.rpc?.method ?? "") : e.kind;
  const checks = verdict === "fail" ? "check failed" : verdict === "pass" ? "checks pass" : "no checks";
  return `http ${e.seq} ${e.method} ${e.url}${what ? ` ${what}` : ""}: ${status}${timing}; ${checks}`;
}

/**
 * `--http`: every HTTP request of the run with its header checks, the same record and checks as the
 * app's HTTP view (credentials redacted there already); a failed or skipped check says why.
 */
export function httpLines(exchanges: readonly HttpExchange[], context: { revision: string | undefined; toolSchema: (name: string) => unknown }): string[] {
  const lines: string[] = [];
  for (const checked of checkExchanges(exchanges, { revisionOf: () => context.revision, toolSchema: context.toolSchema })) {
    lines.push(safeText(exchangeLine(checked)));
    for (const c of checked.checks) if (c.verdict !== "pass") lines.push(safeText(`  ${c.verdict} ${c.header} (${c.side === "request" ? "sent" : "answer"}): ${c.reason}`));
  }
  return lines;
}
