import { lazy, useRef, useState, type KeyboardEvent } from "react";
import { WireLog } from "../features/wire/components/WireLog";
import { LazyPart } from "../components/ui/LazyPart";
import { useExchanges } from "../features/http/useExchanges";
import "../features/http/http.css";

// The HTTP view and its checks are fetched when its tab is first chosen, never in the first view.
const HttpView = lazy(() => import("../features/http/components/HttpView"));

type Tab = "wire" | "http";
const TABS: readonly { id: Tab; label: string }[] = [
  { id: "wire", label: "Frames" },
  { id: "http", label: "HTTP" },
];

/**
 * The panel under the workspace: the wire log (JSON-RPC frames) and, beside it as a tab, the HTTP
 * view (requests, statuses, headers and their checks). The tabs sit over the left end of the shown
 * view's header, outside it, so switching never remounts them (focus stays on the tab) and they stay
 * reachable while the panel is collapsed; choosing one opens the panel.
 */
export function BottomPanel({ collapsed, onToggle, folded = false }: { collapsed: boolean; onToggle: () => void; folded?: boolean }) {
  const [tab, setTab] = useState<Tab>("wire");
  const exchanges = useExchanges().length;
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ wire: null, http: null });
  const choose = (next: Tab): void => {
    setTab(next);
    if (collapsed) onToggle();
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const at = TABS.findIndex((t) => t.id === tab);
    const next = e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : (at + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length;
    const id = TABS[next]!.id;
    choose(id);
    refs.current[id]?.focus();
  };
  return (
    <div className="bottom-panel">
      <div role="tablist" aria-label="Bottom panel" className="bottom-tabs" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`bottom-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="bottom-tabpanel"
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
          >
            {t.label}
            {t.id === "http" && exchanges > 0 ? ` (${exchanges})` : ""}
          </button>
        ))}
      </div>
      <div className="bottom-tabpanel" role="tabpanel" id="bottom-tabpanel" aria-labelledby={`bottom-tab-${tab}`}>
        {tab === "wire" ? (
          <WireLog collapsed={collapsed} onToggle={onToggle} folded={folded} />
        ) : (
          <LazyPart what="The HTTP view" fallback={<p className="muted wire-head">Loading the HTTP view…</p>}>
            <HttpView collapsed={collapsed} onToggle={onToggle} />
          </LazyPart>
        )}
      </div>
    </div>
  );
}
