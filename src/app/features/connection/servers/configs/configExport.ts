import { rowsToRecord } from "../../../../stores/targets";
import type { ConfigInput } from "../../../../stores/serverEntry";
import { FILE_FIELDS_KEY, type ConfigFormat, type FileFields, type NewEntry } from "./configImport";
import { toServerJson } from "./serverJson";

export interface Exported {
  /** The file name to offer. */
  file: string;
  text: string;
  /** Entries the format cannot hold, and why. */
  skipped: string[];
}

/** Fields this inspector keeps for itself in `extra` (server.json sources): never written into another format. */
const own = (extra: Record<string, unknown> | undefined): Record<string, unknown> => Object.fromEntries(Object.entries(extra ?? {}).filter(([k]) => !k.startsWith("presa:")));

/**
 * The unknown top-level fields of the files the entries were imported from in this format (the
 * first file's value wins when two name the same field); the format's own keys are never among them.
 */
function fileFields(entries: readonly NewEntry[], format: "mcpServers" | "vscode"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of entries) {
    const kept = e.extra?.[FILE_FIELDS_KEY] as FileFields | undefined;
    if (kept?.format !== format || typeof kept.fields !== "object" || kept.fields === null) continue;
    for (const [k, v] of Object.entries(kept.fields)) if (!(k in out)) out[k] = v;
  }
  return out;
}

function uniqueKey(name: string, taken: Record<string, unknown>): string {
  let key = name.trim() || "server";
  for (let n = 2; key in taken; n++) key = `${name} (${n})`;
  return key;
}

/** One entry in the `mcpServers` / VS Code `servers` shape, with the fields it was imported with. */
function configEntry(e: NewEntry, vscode: boolean): Record<string, unknown> | undefined {
  const t = e.target;
  if (t.kind === "embedded") return undefined;
  const extra = own(e.extra);
  if (t.kind === "stdio") {
    const env = rowsToRecord(t.env);
    return { ...(vscode ? { type: "stdio" } : {}), command: t.command, args: t.args, ...(Object.keys(env).length > 0 ? { env } : {}), ...(t.cwd !== "" ? { cwd: t.cwd } : {}), ...extra };
  }
  const headers = rowsToRecord(t.headers);
  const type = t.transport === "http+sse" ? "sse" : vscode ? "http" : undefined;
  return { ...(type ? { type } : {}), url: t.url, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...extra };
}

/**
 * Writes entries in a client's format: `{"mcpServers": …}` (Claude Desktop, Cursor), VS Code's
 * `{"inputs": …, "servers": …}`, or registry server.json documents. Fields kept from the import come
 * back unchanged, the file's own top-level ones included (in the format they came in); what a format cannot hold (the embedded server, a hand-typed command in server.json)
 * is left out and listed in `skipped`.
 */
export function exportClientConfig(entries: readonly NewEntry[], format: ConfigFormat): Exported {
  if (format === "server.json") {
    const { documents, skipped } = toServerJson(entries.filter((e) => e.target.kind !== "embedded"));
    for (const e of entries) if (e.target.kind === "embedded") skipped.push(`${e.name}: the embedded server is not a registry server`);
    const value = documents.length === 1 ? documents[0] : documents;
    return { file: "server.json", text: `${JSON.stringify(value, null, 2)}\n`, skipped };
  }
  const vscode = format === "vscode";
  const servers: Record<string, unknown> = {};
  const inputs = new Map<string, ConfigInput>();
  const skipped: string[] = [];
  for (const e of entries) {
    const value = configEntry(e, vscode);
    if (!value) {
      skipped.push(`${e.name}: the embedded server runs in the page; no client can start it`);
      continue;
    }
    servers[uniqueKey(e.name, servers)] = value;
    for (const i of e.inputs ?? []) inputs.set(i.id, i);
  }
  // The file's other fields first, as they stood, then the format's own keys (which always win).
  const kept = fileFields(entries, vscode ? "vscode" : "mcpServers");
  const body = vscode
    ? { ...kept, ...(inputs.size > 0 ? { inputs: [...inputs.values()].map((i) => ({ type: "promptString", id: i.id, description: i.description, ...(i.password ? { password: true } : {}) })) } : {}), servers }
    : { ...kept, mcpServers: servers };
  return { file: vscode ? "mcp.json" : "claude_desktop_config.json", text: `${JSON.stringify(body, null, 2)}\n`, skipped };
}

