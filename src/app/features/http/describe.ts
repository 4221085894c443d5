import type { CheckedExchange, HttpExchange } from "../../../core";

/** The path and query of a URL (the whole URL is in the title and the details), or the text as given. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The status column: the code, "failed" with no answer, "…" while waiting. */
export function statusText(exchange: HttpExchange): string {
  if (exchange.status !== undefined) {
    const stream = exchange.responseHeaders?.["content-type"]?.startsWith("text/event-stream");
    return stream ? `${exchange.status} SSE` : String(exchange.status);
  }
  return exchange.error !== undefined ? "failed" : "…";
}

export function verdictText(verdict: CheckedExchange["verdict"]): string {
  return verdict === "fail" ? "check failed" : verdict === "pass" ? "checks pass" : "no checks";
}
