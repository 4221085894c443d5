import { isObject } from "../../core";
import type { Target } from "./connectionStore";
import { describeTarget, recordToRows, rowsToRecord } from "./targets";

/** A named connection: what `mcp.json` holds, one per `mcpServers` entry. */
export interface SavedServer {
  name: string;
  target: Exclude<Target, { kind: "embedded" }>;
}

export type ParsedConfig = { ok: true; servers: SavedServer[]; warnings: string[] } | { ok: false; errors: string[] };

const STDIO_KEYS = new Set(["command", "args", "env", "cwd", "type"]);
const HTTP_KEYS = new Set(["url", "headers", "type"]);
const HTTP_TYPES = new Set(["http", "streamable-http", "streamableHttp", "sse"]);

function stringRecord(value: unknown, where: string, errors: string[]): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isObject(value)) {
    errors.push(`${where} must be an object of strings`);
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== "string") errors.push(`${where}.${k} must be a string, not ${v === null ? "null" : typeof v}`);
    else out[k] = v;
  }
  return out;
}

function parseEntry(name: string, value: unknown, urlKind: "url" | "bridge-http", errors: string[], warnings: string[]): SavedServer | undefined {
  const where = `mcpServers.${name}`;
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
  if (hasCommand) {
    if (type !== undefined && type !== "stdio") errors.push(`${where}.type is ${JSON.stringify(type)}, but the entry has a command (type "stdio")`);
    for (const key of Object.keys(value)) if (!STDIO_KEYS.has(key)) warnings.push(`${where}.${key} is not used by this inspector and was ignored`);
    if (typeof value.command !== "string" || value.command.trim() === "") errors.push(`${where}.command must be a non-empty string`);
    const args = value.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) errors.push(`${where}.args must be an array of strings`);
    const env = stringRecord(value.env, `${where}.env`, errors);
    if (value.cwd !== undefined && typeof value.cwd !== "string") errors.push(`${where}.cwd must be a string`);
    if (errors.length > before || !env) return undefined;
    return {
      name,
      target: { kind: "stdio", command: value.command as string, args: [...(args as string[])], env: recordToRows(env), cwd: (value.cwd as string | undefined) ?? "" },
    };
  }
  if (type !== undefined && !HTTP_TYPES.has(type as string)) errors.push(`${where}.type is ${JSON.stringify(type)}, but the entry has a url (type "http")`);
  for (const key of Object.keys(value)) if (!HTTP_KEYS.has(key)) warnings.push(`${where}.${key} is not used by this inspector and was ignored`);
  let url: URL | undefined;
  try {
    url = typeof value.url === "string" ? new URL(value.url) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) errors.push(`${where}.url must be an http or https URL`);
  const headers = stringRecord(value.headers, `${where}.headers`, errors);
  if (errors.length > before || !headers) return undefined;
  // "sse": the 2024-11-05 HTTP+SSE transport (the URL is its GET stream).
  return { name, target: { kind: urlKind, url: value.url as string, headers: recordToRows(headers), ...(type === "sse" ? { transport: "http+sse" as const } : {}) } };
}

/**
 * Reads an `mcp.json`-style config: `{"mcpServers": {name: {command, args?, env?, cwd?} | {url,
 * headers?}}}` (VS Code's `servers` key is read too). Every problem is reported with where it is;
 * nothing is imported unless the whole file is valid. URL entries become `urlKind` targets.
 */
export function parseMcpConfig(text: string, urlKind: "url" | "bridge-http" = "bridge-http"): ParsedConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`not JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  if (!isObject(value)) return { ok: false, errors: ["the file must hold a JSON object with mcpServers"] };
  const servers = value.mcpServers ?? value.servers;
  if (!isObject(servers)) return { ok: false, errors: ['no "mcpServers" object: expected {"mcpServers": {"name": {"command": …} or {"url": …}}}'] };
  const errors: string[] = [];
  const warnings: string[] = [];
  const out: SavedServer[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (name.trim() === "") {
      errors.push("a server has an empty name");
      continue;
    }
    const parsed = parseEntry(name, entry, urlKind, errors, warnings);
    if (parsed) out.push(parsed);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (out.length === 0) return { ok: false, errors: ["mcpServers is empty"] };
  return { ok: true, servers: out, warnings };
}

/** Writes saved servers as `mcp.json`; names are made unique, empty fields left out. */
export function toMcpConfig(servers: readonly SavedServer[]): string {
  const mcpServers: Record<string, Record<string, unknown>> = {};
  for (const server of servers) {
    let name = server.name.trim() || describeTarget(server.target);
    for (let n = 2; name in mcpServers; n++) name = `${server.name} (${n})`;
    const t = server.target;
    if (t.kind === "stdio") {
      const entry: Record<string, unknown> = { command: t.command, args: t.args };
      const env = rowsToRecord(t.env);
      if (Object.keys(env).length > 0) entry.env = env;
      if (t.cwd.trim() !== "") entry.cwd = t.cwd;
      mcpServers[name] = entry;
    } else {
      const headers = rowsToRecord(t.headers);
      mcpServers[name] = { ...(t.transport === "http+sse" ? { type: "sse" } : {}), url: t.url, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
    }
  }
  return `${JSON.stringify({ mcpServers }, null, 2)}\n`;
}
