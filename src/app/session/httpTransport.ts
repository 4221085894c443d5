import { AutoHttpTransport, LegacySseTransport, StreamableHttpTransport, type HttpAuth, type Transport } from "../../core";
import type { HttpTransportChoice } from "../stores/connectionStore";

// Loaded on the first HTTP connect (the controller's lazy chunk), never by the first view; the URL
// form's choices are in ../features/connection/utils/transportChoices.ts.

export interface HttpTransportOptions {
  headers: Record<string, string>;
  fetch?: typeof fetch;
  auth?: HttpAuth;
}

/**
 * The transport for an HTTP target: Streamable HTTP (the default), the 2024-11-05 HTTP+SSE transport,
 * or "auto", which POSTs initialize as Streamable HTTP and falls back to HTTP+SSE on a 4xx (the
 * spec's backwards-compatibility section). Each takes the bridge's fetch and the sign-in alike.
 */
export function httpTransport(choice: HttpTransportChoice | undefined, url: string, options: HttpTransportOptions): Transport {
  const common = { headers: options.headers, ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.auth ? { auth: options.auth } : {}) };
  if (choice === "auto") return new AutoHttpTransport(url, common);
  if (choice === "http+sse") return new LegacySseTransport(url, common);
  return new StreamableHttpTransport(url, common);
}
