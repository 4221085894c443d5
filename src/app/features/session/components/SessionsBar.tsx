import { lazy, useState, type ReactNode } from "react";
import { LazyPart } from "../../../components/ui/LazyPart";
import type { SideSession } from "../../../session/sessions";

// The panel (other sessions, Run on both, the diff) is fetched when first opened.
const SessionsPanel = lazy(() => import("./SessionsPanel"));

/**
 * "Sessions": open sessions beside the live one and run one call on two of them. `renderSide`: a side
 * session's own views (its frames and rounds), composed where the app is assembled.
 */
export function SessionsBar({ renderSide }: { renderSide?: (side: SideSession) => ReactNode } = {}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="sessions-bar">
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        Sessions side by side
      </button>
      {open && (
        <LazyPart what="The sessions panel" fallback={<p className="muted">Loading…</p>}>
          <SessionsPanel {...(renderSide ? { renderSide } : {})} />
        </LazyPart>
      )}
    </div>
  );
}
