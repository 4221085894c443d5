import { isObject, isRevision, type Revision } from "../../core";
import type { CapabilityKey, CapabilityMode, HeaderRow, Target } from "./connectionStore";
import type { AuthSettings } from "../features/auth/authStore";
import { looksSecret } from "./recent";
import { describeTarget } from "./targets";

/** The sign-in settings kept with a server (the client secret only when the entry remembers secrets). */
export type EntrySignIn = Pick<AuthSettings, "enabled" | "clientId" | "clientSecret" | "tokenEndpointAuthMethod" | "scope">;

/**
 * One saved server: where it is, how to speak to it, and what to declare. `extra` holds the fields of
 * an imported client config this inspector does not use, so an export gives them back unchanged;
 * `notes` says, per entry, what of it cannot be used as it is.
 */
export interface ServerEntry {
  id: string;
  name: string;
  target: Target;
  revision: "auto" | Revision;
  capabilities?: Record<CapabilityKey, CapabilityMode>;
  signIn?: EntrySignIn;
  /** Keep header values, secret-looking env values and URL parameters, and the client secret, where the list is kept. */
  remember: boolean;
  extra?: Record<string, unknown>;
  notes?: string[];
  /** VS Code's `inputs` this entry's `${input:id}` placeholders name: asked when connecting, never stored. */
  inputs?: ConfigInput[];
}

/** A value VS Code asks for when a server starts (`inputs` of mcp.json). */
export interface ConfigInput {
  id: string;
  description: string;
  password: boolean;
}

/** A value that is a placeholder (`${input:…}`, `${env:…}`) names where the value comes from: not a secret. */
export function isPlaceholder(value: string): boolean {
  return /\$\{[^}]+\}/.test(value);
}

const CAP_KEYS: readonly CapabilityKey[] = ["elicitationForm", "elicitationUrl", "sampling", "roots"];
const CAP_MODES: readonly CapabilityMode[] = ["handled", "off", "declared"];

function blankRows(rows: readonly HeaderRow[], all: boolean): HeaderRow[] {
  return rows.map((r) => ((all || looksSecret(r.name)) && !isPlaceholder(r.value) ? { name: r.name, value: "" } : { ...r }));
}

function blankUrlSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    let changed = false;
    for (const name of [...parsed.searchParams.keys()]) {
      if (!looksSecret(name)) continue;
      parsed.searchParams.set(name, "");
      changed = true;
    }
    return changed ? parsed.href : url;
  } catch {
    return url;
  }
}

/**
 * What may be written down for an entry: unless it remembers secrets, every header value (a header is
 * how a server takes a key), secret-looking env values and URL parameters, and the client secret, are
 * left empty; their names stay, so the user sees what to fill in again.
 */
export function storedForm(entry: ServerEntry): ServerEntry {
  if (entry.remember) return entry;
  const t = entry.target;
  const target: Target =
    t.kind === "stdio" ? { ...t, env: blankRows(t.env, false) } : t.kind === "embedded" ? t : { ...t, url: blankUrlSecrets(t.url), headers: blankRows(t.headers, true) };
  return { ...entry, target, ...(entry.signIn ? { signIn: { ...entry.signIn, clientSecret: "" } } : {}) };
}

/** Whether the entry holds any value storedForm would leave out (for the words next to "remember"). */
export function hasSecrets(entry: ServerEntry): boolean {
  return JSON.stringify(storedForm({ ...entry, remember: false })) !== JSON.stringify({ ...entry, remember: false });
}

function rows(value: unknown): HeaderRow[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: HeaderRow[] = [];
  for (const r of value) {
    if (!isObject(r) || typeof r.name !== "string" || typeof r.value !== "string") return undefined;
    out.push({ name: r.name, value: r.value });
  }
  return out;
}

/** A stored target, checked field by field: anything malformed is dropped rather than trusted. */
export function readTarget(value: unknown): Target | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === "embedded") return value.server === "hostile" ? { kind: "embedded", server: "hostile" } : { kind: "embedded" };
  if (value.kind === "url" || value.kind === "bridge-http") {
    const headers = rows(value.headers ?? []);
    if (typeof value.url !== "string" || !headers) return undefined;
    const transport = value.transport === "auto" || value.transport === "http+sse" || value.transport === "streamable-http" ? value.transport : undefined;
    return { kind: value.kind, url: value.url, headers, ...(transport ? { transport } : {}) };
  }
  if (value.kind === "stdio") {
    const env = rows(value.env ?? []);
    const args = value.args ?? [];
    if (typeof value.command !== "string" || !env || !Array.isArray(args) || !args.every((a) => typeof a === "string")) return undefined;
    return { kind: "stdio", command: value.command, args: [...(args as string[])], env, cwd: typeof value.cwd === "string" ? value.cwd : "" };
  }
  return undefined;
}

function readSignIn(value: unknown): EntrySignIn | undefined {
  if (!isObject(value)) return undefined;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const method = value.tokenEndpointAuthMethod;
  return {
    enabled: value.enabled === true,
    clientId: str(value.clientId),
    clientSecret: str(value.clientSecret),
    tokenEndpointAuthMethod: method === "none" || method === "client_secret_basic" || method === "client_secret_post" ? method : "",
    scope: str(value.scope),
  };
}

function readCapabilities(value: unknown): Record<CapabilityKey, CapabilityMode> | undefined {
  if (!isObject(value)) return undefined;
  const out = {} as Record<CapabilityKey, CapabilityMode>;
  for (const key of CAP_KEYS) {
    const mode = value[key];
    if (!CAP_MODES.includes(mode as CapabilityMode)) return undefined;
    out[key] = mode as CapabilityMode;
  }
  return out;
}

/** One stored entry, or undefined when it is not one (a hand-edited file, an older version). */
export function readEntry(value: unknown): ServerEntry | undefined {
  if (!isObject(value) || typeof value.id !== "string" || typeof value.name !== "string") return undefined;
  const target = readTarget(value.target);
  if (!target) return undefined;
  const capabilities = readCapabilities(value.capabilities);
  const signIn = readSignIn(value.signIn);
  const inputs = Array.isArray(value.inputs)
    ? value.inputs.filter((i): i is ConfigInput => isObject(i) && typeof i.id === "string" && typeof i.description === "string" && typeof i.password === "boolean")
    : [];
  const notes = Array.isArray(value.notes) ? value.notes.filter((n): n is string => typeof n === "string") : [];
  return {
    id: value.id,
    name: value.name,
    target,
    revision: isRevision(value.revision) ? value.revision : "auto",
    remember: value.remember === true,
    ...(capabilities ? { capabilities } : {}),
    ...(signIn ? { signIn } : {}),
    ...(isObject(value.extra) ? { extra: value.extra } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    ...(inputs.length > 0 ? { inputs } : {}),
  };
}

/** A name not yet in the list: `base`, else `base (2)`, `base (3)`… */
export function uniqueName(base: string, taken: readonly string[]): string {
  const name = base.trim() || "server";
  if (!taken.includes(name)) return name;
  for (let n = 2; ; n++) if (!taken.includes(`${name} (${n})`)) return `${name} (${n})`;
}

/** The name a new entry gets from its target. */
export function defaultName(target: Target): string {
  return describeTarget(target);
}

/** Moves the entry at `from` by `by` places (clamped to the list). */
export function moveEntry<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, from + by));
  if (from < 0 || from >= list.length || to === from) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}
