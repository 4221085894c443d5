import type { Prompt, Resource, ResourceTemplate, Tool } from "../../../../core";
import type { Selection } from "../../../stores/uiStore";

export interface PaletteItem {
  id: string;
  kind: Selection["kind"];
  title: string;
  /** The name or URI, and the description: what the filter also looks at. */
  detail: string;
  selection: Selection;
}

export const MAX_RESULTS = 50;

/** Everything the catalog lists, as palette entries (tools, then resources and templates, then prompts). */
export function paletteItems(tools: readonly Tool[] = [], resources: readonly Resource[] = [], templates: readonly ResourceTemplate[] = [], prompts: readonly Prompt[] = []): PaletteItem[] {
  return [
    ...tools.map((t) => ({ id: `tool:${t.name}`, kind: "tool" as const, title: t.title ?? t.name, detail: [t.name, t.description].filter(Boolean).join(" · "), selection: { kind: "tool" as const, name: t.name } })),
    ...resources.map((r) => ({ id: `resource:${r.uri}`, kind: "resource" as const, title: r.title ?? r.name, detail: [r.uri, r.description].filter(Boolean).join(" · "), selection: { kind: "resource" as const, uri: r.uri } })),
    ...templates.map((t) => ({ id: `template:${t.uriTemplate}`, kind: "template" as const, title: t.title ?? t.name, detail: [t.uriTemplate, t.description].filter(Boolean).join(" · "), selection: { kind: "template" as const, uriTemplate: t.uriTemplate } })),
    ...prompts.map((p) => ({ id: `prompt:${p.name}`, kind: "prompt" as const, title: p.title ?? p.name, detail: [p.name, p.description].filter(Boolean).join(" · "), selection: { kind: "prompt" as const, name: p.name } })),
  ];
}

function rank(item: PaletteItem, first: string): number {
  const title = item.title.toLowerCase();
  const name = item.detail.toLowerCase().split(" · ")[0] ?? "";
  if (title.startsWith(first) || name.startsWith(first)) return 0;
  if (title.includes(first) || name.includes(first)) return 1;
  return 2;
}

/**
 * The entries matching every word of the query (in title, name or URI, description, or kind), best
 * first: a title or name that starts with the first word, then one that contains it, then the rest.
 */
export function filterItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return items.slice(0, MAX_RESULTS);
  const matching = items.filter((item) => {
    const haystack = `${item.kind} ${item.title} ${item.detail}`.toLowerCase();
    return terms.every((t) => haystack.includes(t));
  });
  const first = terms[0] as string;
  return matching
    .map((item, i) => ({ item, i, r: rank(item, first) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, MAX_RESULTS)
    .map((x) => x.item);
}
