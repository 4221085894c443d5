import { Command } from "cmdk";
import { useMemo, useState } from "react";
import { ModalDialog } from "../../components/ui/ModalDialog";
import { uiActions, type Selection, type UiState } from "../../stores/uiStore";
import { usePrompts, useResources, useTools } from "../../session/queries";
import { filterItems, paletteItems } from "./utils/paletteItems";

const TAB: Record<Selection["kind"], UiState["tab"]> = { tool: "tools", resource: "resources", template: "resources", prompt: "prompts" };

/**
 * The palette itself: cmdk (combobox, listbox, arrow keys, Enter) in a modal dialog (ModalDialog:
 * Esc closes it and is not also taken as "cancel the question", focus returns where it was). The
 * matching and ranking are ours (paletteItems.ts), so cmdk's own filter is off.
 */
export default function PaletteDialog({ onClose }: { onClose: () => void }) {
  const tools = useTools().data;
  const resources = useResources().data;
  const prompts = usePrompts().data;
  const [query, setQuery] = useState("");
  const items = useMemo(() => paletteItems(tools, resources?.resources, resources?.templates, prompts), [tools, resources, prompts]);
  const shown = useMemo(() => filterItems(items, query), [items, query]);
  return (
    <ModalDialog label="Command palette" className="palette" onClose={onClose}>
      <Command label="Search tools, resources and prompts" shouldFilter={false} loop>
        <Command.Input
          autoFocus
          placeholder="Search tools, resources and prompts…"
          value={query}
          onValueChange={setQuery}
        />
        <Command.List aria-label="Matches" className="palette-list">
          <Command.Empty className="muted palette-empty">No match.</Command.Empty>
          {shown.map((item) => (
            <Command.Item
              key={item.id}
              value={item.id}
              className="palette-item"
              onSelect={() => {
                uiActions.select(item.selection, TAB[item.kind]);
                onClose();
              }}
            >
              <span className={`badge kind-${item.kind}`}>{item.kind}</span> <span className="item-title">{item.title}</span> <span className="muted">{item.detail}</span>
            </Command.Item>
          ))}
        </Command.List>
        <p className="muted palette-help">↑↓ to move · Enter to select · Esc to close · Ctrl/Cmd+Enter runs the selected item</p>
      </Command>
    </ModalDialog>
  );
}
