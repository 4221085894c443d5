import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { uiActions, type Selection, type UiState } from "../../stores/uiStore";
import { usePrompts, useResources, useTools } from "../catalog/queries";
import { useShortcuts } from "./useShortcuts";
import { filterItems, paletteItems } from "./utils/paletteItems";

const TAB: Record<Selection["kind"], UiState["tab"]> = { tool: "tools", resource: "resources", template: "resources", prompt: "prompts" };

/** Ctrl/Cmd+K: find a tool, resource or prompt by name and select it (nothing runs). */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  useShortcuts(toggle);
  if (!open) return null;
  return <PaletteDialog onClose={() => setOpen(false)} />;
}

function PaletteDialog({ onClose }: { onClose: () => void }) {
  const tools = useTools().data;
  const resources = useResources().data;
  const prompts = usePrompts().data;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const before = useRef<Element | null>(document.activeElement);
  const items = useMemo(() => paletteItems(tools, resources?.resources, resources?.templates, prompts), [tools, resources, prompts]);
  const shown = useMemo(() => filterItems(items, query), [items, query]);
  const at = Math.min(active, Math.max(0, shown.length - 1));
  useEffect(() => {
    const previous = before.current;
    return () => {
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, []);
  const choose = (i: number) => {
    const item = shown[i];
    if (!item) return;
    uiActions.select(item.selection, TAB[item.kind]);
    onClose();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive(shown.length === 0 ? 0 : (at + step + shown.length) % shown.length);
    } else if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      choose(at);
    } else if (e.key === "Escape") {
      // Taken here, so the global Escape does not also cancel a pending input.
      e.preventDefault();
      e.nativeEvent.preventDefault();
      onClose();
    }
  };
  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        <input
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={shown[at] ? `${listId}-${at}` : undefined}
          aria-label="Search tools, resources and prompts"
          placeholder="Search tools, resources and prompts…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul role="listbox" id={listId} aria-label="Matches" className="palette-list">
          {shown.map((item, i) => (
            <li key={item.id} id={`${listId}-${i}`} role="option" aria-selected={i === at} className="palette-item" onMouseEnter={() => setActive(i)} onClick={() => choose(i)}>
              <span className={`badge kind-${item.kind}`}>{item.kind}</span> <span className="item-title">{item.title}</span> <span className="muted">{item.detail}</span>
            </li>
          ))}
          {shown.length === 0 && <li className="muted palette-empty">No match.</li>}
        </ul>
        <p className="muted palette-help">↑↓ to move · Enter to select · Esc to close · Ctrl/Cmd+Enter runs the selected item</p>
      </div>
    </div>
  );
}
