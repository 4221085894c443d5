import type { Dispatch } from "react";
import type { HttpTransportChoice } from "../../../stores/connectionStore";
import { HTTP_TRANSPORTS } from "../utils/transportChoices";
import type { DraftAction, TargetDraft } from "../utils/targetDraft";

/** Streamable HTTP, the 2024-11-05 HTTP+SSE transport, or auto (Streamable HTTP, falling back to HTTP+SSE). */
export function TransportSelect({ draft, dispatch }: { draft: TargetDraft; dispatch: Dispatch<DraftAction> }) {
  return (
    <select
      aria-label="Transport"
      title="How to speak to this URL: Streamable HTTP, the old HTTP+SSE transport (2024-11-05), or auto (tries Streamable HTTP, falls back to HTTP+SSE on a 4xx)"
      value={draft.transport}
      onChange={(e) => dispatch({ type: "transport", transport: e.target.value as HttpTransportChoice })}
    >
      {HTTP_TRANSPORTS.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
    </select>
  );
}
