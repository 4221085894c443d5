import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { isObject } from "../core";
import type { TargetSpec } from "./connect";
import { CliError } from "./errors";
import type { CliSignIn } from "./signIn";

/**
 * The saved servers' file the app keeps through the bridge (src/bridge/serversFile.ts writes the
 * same place): `$XDG_CONFIG_HOME/presa-inspector/servers.json`, else `~/.config/…`.
 */
export function serversFilePath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || (process.platform === "win32" && env.APPDATA ? env.APPDATA : join(env.HOME || homedir(), ".config"));
  return join(base, "presa-inspector", "servers.json");
}

export interface SavedTarget {
  target: TargetSpec;
  revision: string | undefined;
  capabilities: unknown;
}

function rows(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(value)) for (const r of value) if (isObject(r) && typeof r.name === "string" && typeof r.value === "string" && r.name.trim() !== "") out[r.name.trim()] = r.value;
  return out;
}

/**
 * The entry's sign-in settings when sign-in is on: the client the user registered by hand (its
 * secret only when the entry remembered it) and the scope; none of them means dynamic registration.
 */
function signInOf(value: unknown): CliSignIn | undefined {
  if (!isObject(value) || value.enabled !== true) return undefined;
  const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
  const method = value.tokenEndpointAuthMethod;
  const clientId = text(value.clientId);
  const clientSecret = text(value.clientSecret);
  const scope = text(value.scope);
  return {
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(method === "none" || method === "client_secret_basic" || method === "client_secret_post" ? { tokenEndpointAuthMethod: method } : {}),
    ...(scope ? { scope } : {}),
  };
}

/**
 * The saved server called `name` (exactly, else the one whose name matches ignoring case), as a
 * target the CLI connects to. `--header` values fill in or replace the saved ones; a header left
 * without a value (a secret the entry did not remember) or holding an `${input:…}` placeholder is
 * refused with the flag to give it.
 */
export function savedServer(name: string, extraHeaders: Record<string, string>, env: NodeJS.ProcessEnv = process.env): SavedTarget {
  const file = serversFilePath(env);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(`--server ${JSON.stringify(name)}: ${code === "ENOENT" ? `no saved servers yet (${file} does not exist; save one in the app while the bridge runs)` : `${file}: ${(e as Error).message}`}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not JSON`);
  }
  const list = isObject(value) && Array.isArray(value.servers) ? value.servers.filter(isObject) : [];
  const entry = list.find((s) => s.name === name) ?? (() => {
    const ci = list.filter((s) => typeof s.name === "string" && s.name.toLowerCase() === name.toLowerCase());
    return ci.length === 1 ? ci[0] : undefined;
  })();
  if (!entry || !isObject(entry.target)) {
    const names = list.map((s) => JSON.stringify(String(s.name))).join(", ");
    throw new CliError(`no saved server named ${JSON.stringify(name)} in ${file}; saved: ${names || "none"}`);
  }
  const t = entry.target;
  const revision = typeof entry.revision === "string" && entry.revision !== "auto" ? entry.revision : undefined;
  let target: TargetSpec;
  if (t.kind === "url" || t.kind === "bridge-http") {
    if (typeof t.url !== "string") throw new CliError(`saved server ${JSON.stringify(name)} has no URL`);
    const headers = { ...rows(t.headers), ...extraHeaders };
    for (const [h, v] of Object.entries(headers)) {
      if (v === "") throw new CliError(`saved server ${JSON.stringify(name)}: header ${h} has no value saved (its secret was not remembered); give it with --header "${h}: …"`);
      if (/\$\{input:[^}]+\}/.test(v)) throw new CliError(`saved server ${JSON.stringify(name)}: header ${h} needs a value asked at connect; give it with --header "${h}: …"`);
    }
    const transport = t.transport === "http+sse" || t.transport === "auto" ? t.transport : undefined;
    const signIn = signInOf(entry.signIn);
    target = { kind: "url", url: t.url, headers, ...(transport ? { transport } : {}), ...(signIn ? { signIn } : {}) };
  } else if (t.kind === "stdio") {
    if (typeof t.command !== "string" || t.command === "") throw new CliError(`saved server ${JSON.stringify(name)} has no command`);
    const args = Array.isArray(t.args) ? t.args.filter((a): a is string => typeof a === "string") : [];
    const cwd = typeof t.cwd === "string" && t.cwd !== "" ? t.cwd : undefined;
    target = { kind: "stdio", argv: [t.command, ...args], env: rows(t.env), ...(cwd ? { cwd } : {}) };
  } else if (t.kind === "embedded" && t.server !== "hostile") {
    target = { kind: "embedded" };
  } else {
    throw new CliError(`saved server ${JSON.stringify(name)} is the app's embedded hostile server, which runs only in the page`);
  }
  return { target, revision, capabilities: entry.capabilities };
}
