import { lazy, useState } from "react";
import { LazyPart } from "../../../components/ui/LazyPart";
import { useSaved } from "../../../session/context";
import type { Target } from "../../../stores/connectionStore";

// The panel (lists, mcp.json import and export) is fetched when "Saved" is first opened.
const SavedPanel = lazy(() => import("./SavedPanel").then((m) => ({ default: m.SavedPanel })));

/** Import and export `mcp.json`; recent connections. Picking one fills the form; connecting is still the user's click. */
export function SavedConnections({ onPick }: { onPick: (t: Target) => void }) {
  const count = useSaved((s) => s.recent.length + s.imported.length);
  const [open, setOpen] = useState(false);
  const pick = (t: Target) => {
    onPick(t);
    setOpen(false);
  };
  return (
    <div className="saved">
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        Saved ({count})
      </button>
      {open && (
        <LazyPart what="Saved connections" fallback={<p className="muted">Loading…</p>}>
          <SavedPanel onPick={pick} />
        </LazyPart>
      )}
    </div>
  );
}
