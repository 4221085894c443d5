import { useQueryClient } from "@tanstack/react-query";
import { useConnection, useController, useUi } from "../../session/context";
import { uiActions, type Selection } from "../../stores/uiStore";
import { ErrorView } from "../../components/ui/ErrorView";
import { usePrompts, useResources, useTools } from "../../session/queries";
import { toMcpError } from "../../../core";
import { IconRefusedMark, ItemIcon } from "../../components/ui/ItemIcon";

function isSelected(a: Selection | undefined, b: Selection): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function Item({ selection, title, subtitle, icons }: { selection: Selection; title: string; subtitle?: string | undefined; icons?: unknown }) {
  const current = useUi((s) => s.selection);
  return (
    <li>
      <button type="button" className="catalog-item" aria-current={isSelected(current, selection)} onClick={() => uiActions.select(selection)}>
        <span className="item-title">
          <ItemIcon icons={icons} />
          {title}
          <IconRefusedMark icons={icons} />
        </span>
        {subtitle && <span className="item-subtitle">{subtitle}</span>}
      </button>
    </li>
  );
}

function QueryState({ status, error, empty }: { status: string; error: unknown; empty: boolean }) {
  if (status === "pending") return <p className="muted">Loading…</p>;
  if (status === "error") return <ErrorView error={toMcpError(error)} />;
  if (empty) return <p className="muted">None.</p>;
  return null;
}

/** Tools, resources (and templates) and prompts, fetched on demand with TanStack Query. */
export function Catalog() {
  const tab = useUi((s) => s.tab);
  const status = useConnection((s) => s.status);
  const connectionId = useConnection((s) => s.connectionId);
  const queryClient = useQueryClient();
  const controller = useController();
  const tools = useTools();
  const resources = useResources();
  const prompts = usePrompts();
  const tabs = [
    ["tools", `Tools${tools.data ? ` (${tools.data.length})` : ""}`],
    ["resources", `Resources${resources.data ? ` (${resources.data.resources.length + resources.data.templates.length})` : ""}`],
    ["prompts", `Prompts${prompts.data ? ` (${prompts.data.length})` : ""}`],
  ] as const;
  const dropped = tab === "tools" ? controller.droppedTools() : [];

  return (
    <nav className="catalog" aria-label="Catalog">
      <div className="tabs" role="tablist">
        {tabs.map(([key, label]) => (
          <button key={key} role="tab" type="button" aria-selected={tab === key} onClick={() => uiActions.setTab(key)}>
            {label}
          </button>
        ))}
        <button type="button" className="refresh" title="Refetch the lists" disabled={status !== "connected"} onClick={() => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === connectionId })}>
          ↻
        </button>
      </div>
      {status !== "connected" && <p className="muted">Not connected.</p>}
      {status === "connected" && tab === "tools" && (
        <>
          <QueryState status={tools.status} error={tools.error} empty={tools.data?.length === 0} />
          <ul className="catalog-list">
            {tools.data?.map((t) => <Item key={t.name} selection={{ kind: "tool", name: t.name }} title={t.title ?? t.name} subtitle={t.description} icons={t.icons} />)}
          </ul>
          {dropped.length > 0 && (
            <details className="dropped">
              <summary>{dropped.length} tool(s) hidden: invalid x-mcp-header</summary>
              <ul>
                {dropped.map((d) => (
                  <li key={d.name}>
                    <code>{d.name}</code>: {d.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      {status === "connected" && tab === "resources" && (
        <>
          <QueryState status={resources.status} error={resources.error} empty={resources.data?.resources.length === 0 && resources.data?.templates.length === 0} />
          <ul className="catalog-list">
            {resources.data?.resources.map((r) => <Item key={r.uri} selection={{ kind: "resource", uri: r.uri }} title={r.title ?? r.name} subtitle={r.uri} icons={r.icons} />)}
            {resources.data?.templates.map((t) => (
              <Item key={t.uriTemplate} selection={{ kind: "template", uriTemplate: t.uriTemplate }} title={t.title ?? t.name} subtitle={`template: ${t.uriTemplate}`} icons={t.icons} />
            ))}
          </ul>
        </>
      )}
      {status === "connected" && tab === "prompts" && (
        <>
          <QueryState status={prompts.status} error={prompts.error} empty={prompts.data?.length === 0} />
          <ul className="catalog-list">
            {prompts.data?.map((p) => <Item key={p.name} selection={{ kind: "prompt", name: p.name }} title={p.title ?? p.name} subtitle={p.description} icons={p.icons} />)}
          </ul>
        </>
      )}
    </nav>
  );
}
