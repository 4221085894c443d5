import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { isObject } from "../core";

/** The saved servers' file is at most this big: a list of connections, not a data store. */
export const MAX_SERVERS_FILE_BYTES = 1024 * 1024;

/**
 * Where the saved servers live beside the user's other configs: `$XDG_CONFIG_HOME/presa-inspector/
 * servers.json`, else `~/.config/presa-inspector/servers.json` (on Windows `%APPDATA%`). The bridge
 * and the command line read the same file, so a server saved in the page is there for
 * `presa-inspector call --server NAME`.
 */
export function serversFilePath(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const base = env.XDG_CONFIG_HOME || (process.platform === "win32" && env.APPDATA ? env.APPDATA : join(env.HOME || home, ".config"));
  return join(base, "presa-inspector", "servers.json");
}

/** Why a value is not a servers file, or undefined when it is one (version 1, servers with string id and name). */
export function checkServersFile(value: unknown): string | undefined {
  if (!isObject(value)) return "the servers file must be a JSON object";
  if (value.version !== 1) return `the servers file's version must be 1, not ${JSON.stringify(value.version)}`;
  if (!Array.isArray(value.servers)) return "the servers file needs a servers array";
  const bad = value.servers.findIndex((s) => !isObject(s) || typeof s.id !== "string" || typeof s.name !== "string" || !isObject(s.target));
  if (bad >= 0) return `servers[${bad}] needs a string id, a string name and a target object`;
  return undefined;
}

/** The file's list; an absent file is an empty list (nothing saved yet). */
export async function loadServersFile(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, servers: [] };
    throw error;
  }
  const value: unknown = JSON.parse(text);
  const problem = checkServersFile(value);
  if (problem) throw new Error(`${path}: ${problem}`);
  return value as Record<string, unknown>;
}

/**
 * Writes the list: readable by the user alone (it may hold secrets an entry was told to remember),
 * through a temporary file and a rename, so a reader never sees half a file.
 */
export async function saveServersFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}
