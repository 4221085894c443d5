import type { HttpTransportChoice } from "../../../stores/connectionStore";

/** The choices the URL form offers, in its order (the transports themselves: src/app/session/httpTransport.ts, loaded on connect). */
export const HTTP_TRANSPORTS: readonly { value: HttpTransportChoice; label: string }[] = [
  { value: "streamable-http", label: "Streamable HTTP" },
  { value: "auto", label: "auto (Streamable HTTP, else HTTP+SSE)" },
  { value: "http+sse", label: "HTTP+SSE (2024-11-05)" },
];
