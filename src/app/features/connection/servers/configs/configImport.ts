import { isObject } from "../../../../../core";
import type { HeaderRow, Target } from "../../../../stores/connectionStore";
import type { ConfigInput, ServerEntry } from "../../../../stores/serverEntry";
import { entryNotes } from "./notes";
import { parseServerJson } from "./serverJson";

/** The client config formats read and written: Claude Desktop / Cursor, VS Code, the MCP registry. */
export type ConfigFormat = "mcpServers" | "vscode" | "server.json";

export const FORMAT_LABEL: Record<ConfigFormat, string> = {
  mcpServers: "Claude Desktop / Cursor (mcpServers)",
  vscode: "VS Code (mcp.json: servers, inputs)",
  "server.json": "MCP registry server.json",
};

export type NewEntry = Omit<ServerEntry, "id">;

export type ParsedConfig = { ok: true; format: ConfigFormat; entries: NewEntry[] } | { ok: false; errors: string[] };

const STDIO_KEYS = new Set(["command", "args", "env", "cwd", "type"]);
/** The top-level keys each format reads; the file's other top-level fields are kept for export. */
const TOP_KEYS: Record<"mcpServers" | "vscode", ReadonlySet<string>> = { mcpServers: new Set(["mcpServers"]), vscode: new Set(["servers", "inputs"]) };

/**
 * Where an imported entry keeps the unknown top-level fields of the file it came from (a `presa:`
 * key: never written into the entry itself), so an export in the same format gives them back.
 */
export const FILE_FIELDS_KEY = "presa:fileFields";

/** The file's own fields as an entry keeps them. */
export interface FileFields {
  format: "mcpServers" | "vscode";
  fields: Record<string, unknown>;
}
const HTTP_KEYS = new Set(["url", "headers", "type"]);
const HTTP_TYPES: Record<string, "streamable-http" | "http+sse"> = { http: "streamable-http", "streamable-http": "streamable-http", streamableHttp: "streamable-http", sse: "http+sse" };

function stringRecord(value: unknown, where: string, errors: string[]): HeaderRow[] | undefined {
  if (value === undefined) return [];
  if (!isObject(value)) {
    errors.push(`${where} must be an object of strings`);
    return undefined;
  }
  const out: HeaderRow[] = [];
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== "string") errors.push(`${where}.${name} must be a string, not ${v === null ? "null" : typeof v}`);
    else out.push({ name, value: v });
  }
  return out;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One `mcpServers` / `servers` entry; unused keys are kept in `extra` so an export gives them back. */
function parseEntry(name: string, value: unknown, where: string, urlKind: "url" | "bridge-http", errors: string[]): NewEntry | undefined {
  if (!isObject(value)) {
    errors.push(`${where} must be an object`);
    return undefined;
  }
  const type = value.type;
  if (type !== undefined && typeof type !== "string") errors.push(`${where}.type must be a string`);
  const hasCommand = "command" in value;
  const hasUrl = "url" in value;
  if (hasCommand && hasUrl) {
    errors.push(`${where} has both command and url; an entry is either a stdio command or an HTTP URL`);
    return undefined;
  }
  if (!hasCommand && !hasUrl) {
    errors.push(`${where} needs either command (a stdio server) or url (an HTTP server)`);
    return undefined;
  }
  const before = errors.length;
  const keep = hasCommand ? STDIO_KEYS : HTTP_KEYS;
  const extra = Object.fromEntries(Object.entries(value).filter(([k]) => !keep.has(k)));
  let target: Target;
  if (hasCommand) {
    if (type !== undefined && type !== "stdio") errors.push(`${where}.type is ${JSON.stringify(type)}, but the entry has a command (type "stdio")`);
    if (typeof value.command !== "string" || value.command.trim() === "") errors.push(`${where}.command must be a non-empty string`);
    const args = value.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) errors.push(`${where}.args must be an array of strings`);
    const env = stringRecord(value.env, `${where}.env`, errors);
    if (value.cwd !== undefined && typeof value.cwd !== "string") errors.push(`${where}.cwd must be a string`);
    if (errors.length > before || !env) return undefined;
    target = { kind: "stdio", command: value.command as string, args: [...(args as string[])], env, cwd: (value.cwd as string | undefined) ?? "" };
  } else {
    const transport = typeof type === "string" ? HTTP_TYPES[type] : "streamable-http";
    if (type !== undefined && !transport) errors.push(`${where}.type is ${JSON.stringify(type)}, but the entry has a url (type "http" or "sse")`);
    const url = httpUrl(value.url);
    if (!url) errors.push(`${where}.url must be an http or https URL`);
    const headers = stringRecord(value.headers, `${where}.headers`, errors);
    if (errors.length > before || !headers || !url) return undefined;
    target = { kind: urlKind, url, headers, ...(transport === "http+sse" ? { transport } : {}) };
  }
  return { name, target, revision: "auto", remember: false, ...(Object.keys(extra).length > 0 ? { extra } : {}) };
}

function parseInputs(value: unknown, errors: string[]): ConfigInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors.push("inputs must be an array");
    return [];
  }
  const out: ConfigInput[] = [];
  value.forEach((raw, i) => {
    if (!isObject(raw) || typeof raw.id !== "string") return void errors.push(`inputs[${i}] needs a string id`);
    out.push({ id: raw.id, description: typeof raw.description === "string" ? raw.description : raw.id, password: raw.password === true });
  });
  return out;
}

/** The `${input:id}` names an entry uses. */
export function inputIdsOf(entry: Pick<NewEntry, "target">): string[] {
  const ids = new Set<string>();
  for (const m of JSON.stringify(entry.target).matchAll(/\$\{input:([^}]+)\}/g)) ids.add(m[1] as string);
  return [...ids];
}

/**
 * Reads a client config and says which format it is: `{"mcpServers": …}` (Claude Desktop, Cursor),
 * `{"servers": …, "inputs"?: …}` (VS Code), or a registry `server.json` (`remotes`, `packages`).
 * Every problem is reported with where it is and nothing is imported unless the whole file is valid;
 * what an entry cannot use as it is goes into its `notes`.
 */
export function parseClientConfig(text: string, options: { hasBridge: boolean }): ParsedConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  if (!isObject(value)) return { ok: false, errors: ["the file must hold a JSON object (mcpServers, servers, or a registry server.json)"] };
  const urlKind = options.hasBridge ? "bridge-http" : "url";
  let format: ConfigFormat;
  let entries: NewEntry[];
  const errors: string[] = [];
  if ("remotes" in value || "packages" in value) {
    format = "server.json";
    entries = parseServerJson(value, urlKind, errors);
  } else {
    format = "mcpServers" in value ? "mcpServers" : "vscode";
    const servers = format === "mcpServers" ? value.mcpServers : value.servers;
    const key = format === "mcpServers" ? "mcpServers" : "servers";
    if (!isObject(servers)) return { ok: false, errors: ['no "mcpServers" or "servers" object, and no "remotes" or "packages": expected {"mcpServers": {"name": {"command": …} or {"url": …}}}'] };
    const inputs = format === "vscode" ? parseInputs(value.inputs, errors) : [];
    entries = [];
    for (const [name, raw] of Object.entries(servers)) {
      if (name.trim() === "") {
        errors.push("a server has an empty name");
        continue;
      }
      const entry = parseEntry(name, raw, `${key}.${name}`, urlKind, errors);
      if (!entry) continue;
      const used = inputIdsOf(entry);
      const mine = inputs.filter((i) => used.includes(i.id));
      entries.push(mine.length > 0 ? { ...entry, inputs: mine } : entry);
    }
    if (errors.length === 0 && entries.length === 0) errors.push(`${key} is empty`);
    const top = format === "mcpServers" ? TOP_KEYS.mcpServers : TOP_KEYS.vscode;
    const fields = Object.fromEntries(Object.entries(value).filter(([k]) => !top.has(k)));
    if (Object.keys(fields).length > 0) {
      const kept: FileFields = { format: format === "mcpServers" ? "mcpServers" : "vscode", fields };
      entries = entries.map((e) => ({ ...e, extra: { ...e.extra, [FILE_FIELDS_KEY]: kept } }));
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, format, entries: entries.map((e) => withNotes(e, options.hasBridge)) };
}

function withNotes(entry: NewEntry, hasBridge: boolean): NewEntry {
  const notes = [...(entry.notes ?? []), ...entryNotes(entry, hasBridge)];
  return notes.length > 0 ? { ...entry, notes } : entry;
}

/** The target with each `${input:id}` replaced by the value the user gave at connect (in memory only). */
export function withInputs<T extends NewEntry>(entry: T, values: Record<string, string>): T {
  const replace = (s: string): string => s.replace(/\$\{input:([^}]+)\}/g, (whole, id: string) => values[id] ?? whole);
  const t = entry.target;
  const rows = (list: readonly HeaderRow[]): HeaderRow[] => list.map((r) => ({ name: r.name, value: replace(r.value) }));
  const target: Target =
    t.kind === "stdio" ? { ...t, command: replace(t.command), args: t.args.map(replace), env: rows(t.env), cwd: replace(t.cwd) } : t.kind === "embedded" ? t : { ...t, url: replace(t.url), headers: rows(t.headers) };
  return { ...entry, target };
}
