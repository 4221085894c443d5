import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useConnection, useController, useUi } from "../../session/context";
import { uiActions, type Selection } from "../../stores/uiStore";
import { ErrorView } from "../../components/ui/ErrorView";
import { usePrompts, useResources, useTools } from "../../session/queries";
import { toMcpError } from "../../../core";
import { IconRefusedMark, ItemIcon } from "../../components/ui/ItemIcon";
import "./catalog.css";
import { isAppOnly, matchesQuery, toolBadges, type Badge } from "../../lib/toolBadges";

function isSelected(a: Selection | undefined, b: Selection): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function Item({ selection, title, name, subtitle, icons, badges = [] }: { selection: Selection; title: string; name?: string; subtitle?: string | undefined; icons?: unknown; badges?: Badge[] }) {
  const current = useUi((s) => s.selection);
  return (
    <li>
      <button type="button" className="catalog-item" aria-current={isSelected(current, selection)} onClick={() => uiActions.select(selection)}>
        <span className="item-title">
          <ItemIcon icons={icons} />
          {title}
          <IconRefusedMark icons={icons} />
          {name !== undefined && name !== title && <code className="item-name">{name}</code>}
        </span>
        {badges.length > 0 && (
          <span className="item-badges">
            {badges.map((b) => (
              <span key={b.key} className={`badge ann-${b.key}`} title={b.title}>
                {b.label}
              </span>
            ))}
          </span>
        )}
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

/**
 * Tools, resources (and templates) and prompts, fetched on demand with TanStack Query: a search over
 * names, titles and descriptions, each item's title and real name, and a tool's annotation badges.
 */
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
    ["tools", "Tools", tools.data?.length],
    ["resources", "Resources", resources.data ? resources.data.resources.length + resources.data.templates.length : undefined],
    ["prompts", "Prompts", prompts.data?.length],
  ] as const;
  const dropped = tab === "tools" ? controller.droppedTools() : [];
  const [query, setQuery] = useState("");
  const matching = tools.data?.filter((t) => matchesQuery(query, [t.name, t.title, t.description]));
  // What a model would be offered comes first; tools only an app calls are listed apart, still callable.
  const shownTools = matching?.filter((t) => !isAppOnly(t));
  const appOnlyTools = matching?.filter(isAppOnly) ?? [];
  const shownResources = resources.data?.resources.filter((r) => matchesQuery(query, [r.name, r.title, r.uri, r.description]));
  const shownTemplates = resources.data?.templates.filter((t) => matchesQuery(query, [t.name, t.title, t.uriTemplate, t.description]));
  const shownPrompts = prompts.data?.filter((p) => matchesQuery(query, [p.name, p.title, p.description]));
  const noMatch = (list: readonly unknown[] | undefined, all: readonly unknown[] | undefined) => query.trim() !== "" && (all?.length ?? 0) > 0 && list?.length === 0;

  return (
    <nav className="catalog" aria-label="Catalog">
      <div className="tabs" role="tablist" aria-label="Lists">
        {tabs.map(([key, label, count]) => (
          <button key={key} role="tab" type="button" aria-selected={tab === key} onClick={() => uiActions.setTab(key)}>
            {label}
            {count !== undefined && <span className="tab-count"> ({count})</span>}
          </button>
        ))}
      </div>
      <div className="catalog-head">
        <input type="search" className="catalog-search" aria-label="Search the catalog" placeholder="Search names, titles, descriptions" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button
          type="button"
          className="refresh"
          aria-label="Refetch the lists"
          title="Refetch the lists"
          disabled={status !== "connected"}
          onClick={() => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === connectionId })}
        >
          ↻
        </button>
      </div>
      {status !== "connected" && <p className="muted">Not connected.</p>}
      {status === "connected" && tab === "tools" && (
        <>
          <QueryState status={tools.status} error={tools.error} empty={tools.data?.length === 0} />
          <ul className="catalog-list">
            {shownTools?.map((t) => (
              <Item key={t.name} selection={{ kind: "tool", name: t.name }} title={t.title ?? t.name} name={t.name} subtitle={t.description} icons={t.icons} badges={toolBadges(t)} />
            ))}
          </ul>
          {appOnlyTools.length > 0 && (
            <details className="app-only" open={query !== ""}>
              <summary>
                {appOnlyTools.length} app-only tool{appOnlyTools.length === 1 ? "" : "s"}: called by an app, never shown to a model
              </summary>
              <ul className="catalog-list">
                {appOnlyTools.map((t) => (
                  <Item key={t.name} selection={{ kind: "tool", name: t.name }} title={t.title ?? t.name} name={t.name} subtitle={t.description} icons={t.icons} badges={toolBadges(t)} />
                ))}
              </ul>
            </details>
          )}
          {noMatch(matching, tools.data) && <p className="muted">No tool matches “{query}”.</p>}
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
            {shownResources?.map((r) => <Item key={r.uri} selection={{ kind: "resource", uri: r.uri }} title={r.title ?? r.name} name={r.name} subtitle={r.uri} icons={r.icons} />)}
            {shownTemplates?.map((t) => (
              <Item key={t.uriTemplate} selection={{ kind: "template", uriTemplate: t.uriTemplate }} title={t.title ?? t.name} name={t.name} subtitle={`template: ${t.uriTemplate}`} icons={t.icons} />
            ))}
          </ul>
          {noMatch([...(shownResources ?? []), ...(shownTemplates ?? [])], [...(resources.data?.resources ?? []), ...(resources.data?.templates ?? [])]) && <p className="muted">No resource matches “{query}”.</p>}
        </>
      )}
      {status === "connected" && tab === "prompts" && (
        <>
          <QueryState status={prompts.status} error={prompts.error} empty={prompts.data?.length === 0} />
          <ul className="catalog-list">
            {shownPrompts?.map((p) => <Item key={p.name} selection={{ kind: "prompt", name: p.name }} title={p.title ?? p.name} name={p.name} subtitle={p.description} icons={p.icons} />)}
          </ul>
          {noMatch(shownPrompts, prompts.data) && <p className="muted">No prompt matches “{query}”.</p>}
        </>
      )}
    </nav>
  );
}
