import { useMemo, useState, type KeyboardEvent } from "react";
import { ModalDialog } from "../../components/ui/ModalDialog";
import { uiActions, type Selection, type UiState } from "../../stores/uiStore";
import { usePrompts, useResources, useTools } from "../../session/queries";
import { filterItems, paletteItems, type PaletteItem } from "./utils/paletteItems";

const TAB: Record<Selection["kind"], UiState["tab"]> = { tool: "tools", resource: "resources", template: "resources", prompt: "prompts" };

/**
 * The palette itself: a combobox and its listbox in a modal dialog (ModalDialog: Esc closes it and is
 * not also taken as "cancel the question", focus returns where it was). A chunk of its own
 * (CommandPalette.tsx): what was typed before it arrived is `initialQuery`, and its input takes the
 * focus with the caret after that text, so typing goes on where it was; Enter selects only what is
 * shown. Matching and ranking: paletteItems.ts.
 */
export interface PaletteProps {
  onClose: () => void;
  /** What was typed into the stand-in while this code loaded. */
  initialQuery?: string;
  /** Where focus goes when it closes (the element focused before Ctrl/Cmd+K). */
  returnFocus?: () => HTMLElement | null;
}

export function PaletteDialog({ onClose, initialQuery = "", returnFocus }: PaletteProps) {
  const tools = useTools().data;
  const resources = useResources().data;
  const prompts = usePrompts().data;
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const items = useMemo(() => paletteItems(tools, resources?.resources, resources?.templates, prompts), [tools, resources, prompts]);
  const shown = useMemo(() => filterItems(items, query), [items, query]);
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const choose = (item: PaletteItem | undefined): void => {
    if (!item) return;
    uiActions.select(item.selection, TAB[item.kind]);
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (shown.length === 0) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const by = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + by + shown.length) % shown.length);
    } else if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      choose(shown[current]);
    }
  };

  return (
    <ModalDialog label="Command palette" className="palette" onClose={onClose} returnFocus={returnFocus}>
      <input
        // Focused as the dialog opens (ModalDialog keeps an autofocused control).
        autoFocus
        // The caret after what was typed before this code arrived, so typing goes on there.
        onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-autocomplete="list"
        aria-activedescendant={shown[current] ? `palette-${current}` : undefined}
        aria-label="Search tools, resources and prompts"
        placeholder="Search tools, resources and prompts…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id="palette-list" role="listbox" aria-label="Matches" className="palette-list">
        {shown.map((item, i) => (
          <li
            key={item.id}
            id={`palette-${i}`}
            role="option"
            aria-selected={i === current}
            className="palette-item"
            onMouseMove={() => i !== current && setActive(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(item)}
          >
            <span className={`badge kind-${item.kind}`}>{item.kind}</span> <span className="item-title">{item.title}</span> <span className="muted">{item.detail}</span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="muted palette-empty">No match.</p>}
      <p className="muted palette-help">↑↓ to move · Enter to select · Esc to close · Ctrl/Cmd+Enter runs the selected item</p>
    </ModalDialog>
  );
}
