import { useConnection, useController, useUi } from "../../../session/context";
import { selectionKey, uiActions, type Selection } from "../../../stores/uiStore";
import type { JsonObject, Prompt, Resource, ResourceTemplate, Tool } from "../../../../core";
import { usePrompts, useResources, useTools } from "../../../session/queries";
import { ArgumentsForm } from "../../../components/ui/LazyArgumentsForm";
import { requestRun } from "../../../session/confirmRun";
import { toolBadges } from "../../../lib/toolBadges";
import { IconRefusedMark, ItemIcon } from "../../../components/ui/ItemIcon";
import { ResourceWatchBar } from "./ResourceWatchBar";
import { useCompleteFor } from "./useCompleteFor";

function promptSchema(prompt: Prompt): JsonObject {
  const properties: Record<string, JsonObject> = {};
  for (const a of prompt.arguments ?? []) properties[a.name] = { type: "string", title: a.title ?? a.name, ...(a.description ? { description: a.description } : {}) };
  return { type: "object", properties, required: (prompt.arguments ?? []).filter((a) => a.required).map((a) => a.name) };
}

function templateSchema(t: ResourceTemplate): JsonObject {
  const names = [...t.uriTemplate.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const properties: Record<string, JsonObject> = {};
  for (const n of names) properties[n] = { type: "string", title: n };
  return { type: "object", properties, required: names };
}

/** The selected tool, resource, template or prompt, with its arguments and a button to run it. */
export function ItemPanel() {
  const selection = useUi((s) => s.selection);
  const drafts = useUi((s) => s.drafts);
  const connected = useConnection((s) => s.status === "connected");
  const controller = useController();
  const tools = useTools().data;
  const resources = useResources().data;
  const prompts = usePrompts().data;
  const complete = useCompleteFor(selection);
  if (!selection) return <p className="muted panel-empty">Pick a tool, resource or prompt on the left.</p>;
  const key = selectionKey(selection);
  const draft = (drafts[key] as Record<string, unknown> | undefined) ?? {};
  const setDraft = (v: Record<string, unknown>) => uiActions.setDraft(key, v);
  const found = describe(selection, tools, resources, prompts);
  const listed = selection.kind === "prompt" ? prompts : selection.kind === "tool" ? tools : resources;
  if (!found && (!connected || (selection.kind !== "resource" && listed === undefined))) {
    return <p className="muted panel-empty">{connected ? "Loading…" : `“${key.split(":").slice(1).join(":")}” is selected; it shows once connected.`}</p>;
  }
  if (!found) return <p className="muted panel-empty">“{key.split(":").slice(1).join(":")}” is not offered by this server (any more).</p>;

  const run = (args: Record<string, unknown>) => {
    setDraft(args);
    requestRun(controller, selection, args);
  };

  return (
    <section className="item-panel" aria-label="Selected item">
      <header>
        <h2>
          <ItemIcon icons={found.icons} size={24} />
          {found.title}
          <IconRefusedMark icons={found.icons} />
        </h2>
        <code className="muted">{found.id}</code>
        {found.badges && found.badges.length > 0 && (
          <span className="item-badges">
            {found.badges.map((b) => (
              <span key={b.key} className={`badge ann-${b.key}`} title={b.title}>
                {b.label}
              </span>
            ))}
          </span>
        )}
        {found.description && <p>{found.description}</p>}
      </header>
      {found.schema ? (
        <ArgumentsForm key={key} schema={found.schema} value={draft} onChange={setDraft} onSubmit={run} submitLabel={found.verb} disabled={!connected} complete={complete} />
      ) : (
        <button type="button" onClick={() => run({})} disabled={!connected}>
          {found.verb}
        </button>
      )}
      {selection.kind === "resource" && <ResourceWatchBar uri={selection.uri} />}
    </section>
  );
}

function describe(selection: Selection, tools: Tool[] | undefined, resources: { resources: Resource[]; templates: ResourceTemplate[] } | undefined, prompts: Prompt[] | undefined) {
  switch (selection.kind) {
    case "tool": {
      const t = tools?.find((x) => x.name === selection.name);
      return t && { title: t.title ?? t.name, id: t.name, description: t.description, schema: t.inputSchema, verb: "Call tool", icons: t.icons, badges: toolBadges(t) };
    }
    case "prompt": {
      const p = prompts?.find((x) => x.name === selection.name);
      return p && { title: p.title ?? p.name, id: p.name, description: p.description, schema: (p.arguments?.length ?? 0) > 0 ? promptSchema(p) : undefined, verb: "Get prompt", icons: p.icons };
    }
    case "resource": {
      // As listed when it is (its name, description and icons); a URI from a link or a result may be listed nowhere.
      const r = resources?.resources.find((x) => x.uri === selection.uri);
      return { title: r ? (r.title ?? r.name) : selection.uri, id: selection.uri, description: r?.description, schema: undefined, verb: "Read resource", icons: r?.icons };
    }
    case "template": {
      const t = resources?.templates.find((x) => x.uriTemplate === selection.uriTemplate);
      return t && { title: t.title ?? t.name, id: t.uriTemplate, description: t.description, schema: templateSchema(t), verb: "Read resource", icons: t.icons };
    }
  }
}
