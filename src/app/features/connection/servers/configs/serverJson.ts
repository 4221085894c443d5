import { isObject } from "../../../../../core";
import type { HeaderRow, Target } from "../../../../stores/connectionStore";
import type { ServerEntry } from "../../../../stores/serverEntry";

type NewEntry = Omit<ServerEntry, "id">;

/** Where an entry read from a registry server.json keeps its source, for the export back. */
export const SERVER_JSON_KEYS = { document: "presa:serverJson", remote: "presa:remote", package: "presa:package" } as const;

/** The runner a package type is started with when the package gives no runtimeHint (registry docs: npm, pypi, oci, nuget). */
const RUNNER: Record<string, string> = { npm: "npx", pypi: "uvx", oci: "docker", nuget: "dnx" };

const TEMPLATE = /\{([A-Za-z0-9_.-]+)\}/g;

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function templates(value: string): string[] {
  return [...value.matchAll(TEMPLATE)].map((m) => m[1] as string);
}

/** One registry argument as argv words: a positional value, or `--name value`; a missing value is noted. */
function argWords(raw: unknown, notes: string[]): string[] {
  if (!isObject(raw)) return [];
  const value = str(raw.value) ?? str(raw.default);
  if (raw.type === "named") {
    const name = str(raw.name) ?? "";
    if (value === undefined) return name ? [name] : [];
    return [name, value];
  }
  if (value === undefined) {
    notes.push(`the argument ${str(raw.valueHint) ?? "(unnamed)"} needs a value: edit the entry's arguments`);
    return [`<${str(raw.valueHint) ?? "value"}>`];
  }
  return [value];
}

function packageRef(pkg: Record<string, unknown>): string {
  const id = str(pkg.identifier) ?? "";
  const version = str(pkg.version);
  if (!version) return id;
  if (pkg.registryType === "pypi") return `${id}==${version}`;
  if (pkg.registryType === "oci") return id.includes(":") ? id : `${id}:${version}`;
  return `${id}@${version}`;
}

function packageEntry(pkg: Record<string, unknown>, urlKind: "url" | "bridge-http", notes: string[]): Target | undefined {
  const transport = isObject(pkg.transport) ? pkg.transport : { type: "stdio" };
  if (transport.type !== "stdio") {
    const url = str(transport.url) ?? "";
    notes.push(`this package serves ${String(transport.type)}: start it yourself, then connect to its URL`);
    for (const t of templates(url)) notes.push(`fill in {${t}} in the URL`);
    return { kind: urlKind, url, headers: [], ...(transport.type === "sse" ? { transport: "http+sse" as const } : {}) };
  }
  const type = str(pkg.registryType) ?? "";
  const command = str(pkg.runtimeHint) ?? RUNNER[type];
  if (!command) {
    notes.push(`a ${type || "package"} package has no command this inspector knows how to run: edit the entry`);
    return undefined;
  }
  const runtime = Array.isArray(pkg.runtimeArguments) ? pkg.runtimeArguments.flatMap((a) => argWords(a, notes)) : [];
  const pkgArgs = Array.isArray(pkg.packageArguments) ? pkg.packageArguments.flatMap((a) => argWords(a, notes)) : [];
  const prefix = runtime.length > 0 ? runtime : command === "npx" ? ["-y"] : command === "docker" ? ["run", "-i", "--rm"] : [];
  const env: HeaderRow[] = [];
  for (const raw of Array.isArray(pkg.environmentVariables) ? pkg.environmentVariables : []) {
    if (!isObject(raw) || typeof raw.name !== "string") continue;
    const value = str(raw.value) ?? str(raw.default) ?? "";
    if (value === "" && raw.isRequired === true) notes.push(`${raw.name} needs a value${typeof raw.description === "string" ? ` (${raw.description})` : ""}`);
    env.push({ name: raw.name, value });
  }
  return { kind: "stdio", command, args: [...prefix, packageRef(pkg), ...pkgArgs], env, cwd: "" };
}

function remoteEntry(remote: Record<string, unknown>, urlKind: "url" | "bridge-http", notes: string[]): Target | undefined {
  const url = str(remote.url);
  if (!url) return undefined;
  for (const t of templates(url)) notes.push(`fill in {${t}} in the URL`);
  const headers: HeaderRow[] = [];
  for (const raw of Array.isArray(remote.headers) ? remote.headers : []) {
    if (!isObject(raw) || typeof raw.name !== "string") continue;
    const value = str(raw.value) ?? str(raw.default) ?? "";
    if ((value === "" || templates(value).length > 0) && (raw.isRequired === true || raw.isSecret === true)) notes.push(`the header ${raw.name} needs a value${typeof raw.description === "string" ? ` (${raw.description})` : ""}`);
    headers.push({ name: raw.name, value });
  }
  return { kind: urlKind, url, headers, ...(remote.type === "sse" ? { transport: "http+sse" as const } : {}) };
}

/**
 * A registry `server.json`: one entry per remote (Streamable HTTP or SSE) and per package (run by
 * its runtimeHint or its registry's runner, through the bridge). The document's other fields and each
 * remote's or package's own object are kept, so an export writes them back.
 */
export function parseServerJson(doc: Record<string, unknown>, urlKind: "url" | "bridge-http", errors: string[]): NewEntry[] {
  const name = str(doc.title) ?? str(doc.name) ?? "server";
  const document = Object.fromEntries(Object.entries(doc).filter(([k]) => k !== "remotes" && k !== "packages"));
  const out: NewEntry[] = [];
  const remotes = doc.remotes ?? [];
  const packages = doc.packages ?? [];
  if (!Array.isArray(remotes)) errors.push("remotes must be an array");
  if (!Array.isArray(packages)) errors.push("packages must be an array");
  if (!Array.isArray(remotes) || !Array.isArray(packages)) return [];
  remotes.forEach((raw, i) => {
    if (!isObject(raw)) return void errors.push(`remotes[${i}] must be an object`);
    if (raw.type !== "streamable-http" && raw.type !== "sse") return void errors.push(`remotes[${i}].type is ${JSON.stringify(raw.type)}; expected "streamable-http" or "sse"`);
    const notes: string[] = [];
    const target = remoteEntry(raw, urlKind, notes);
    if (!target) return void errors.push(`remotes[${i}].url must be a string`);
    const label = remotes.length + packages.length > 1 ? `${name} (${raw.type === "sse" ? "SSE" : "HTTP"}${remotes.length > 1 ? ` ${i + 1}` : ""})` : name;
    out.push({ name: label, target, revision: "auto", remember: false, extra: { [SERVER_JSON_KEYS.document]: document, [SERVER_JSON_KEYS.remote]: raw }, ...(notes.length > 0 ? { notes } : {}) });
  });
  packages.forEach((raw, i) => {
    if (!isObject(raw)) return void errors.push(`packages[${i}] must be an object`);
    if (typeof raw.identifier !== "string") return void errors.push(`packages[${i}].identifier must be a string`);
    const notes: string[] = [];
    const target = packageEntry(raw, urlKind, notes);
    if (!target) return void errors.push(`packages[${i}]: ${notes.join("; ")}`);
    const label = remotes.length + packages.length > 1 ? `${name} (${String(raw.registryType ?? "package")})` : name;
    out.push({ name: label, target, revision: "auto", remember: false, extra: { [SERVER_JSON_KEYS.document]: document, [SERVER_JSON_KEYS.package]: raw }, ...(notes.length > 0 ? { notes } : {}) });
  });
  if (errors.length === 0 && out.length === 0) errors.push("server.json has no remotes and no packages");
  return out;
}

/**
 * Entries as registry `server.json` documents: those read from one are grouped back into it (their
 * remotes with the URL and headers as now edited, their packages as they were); any other HTTP entry
 * becomes a document with one remote. A stdio command typed by hand is no registry package: it is
 * left out, and said so.
 */
export function toServerJson(entries: readonly NewEntry[]): { documents: Record<string, unknown>[]; skipped: string[] } {
  const docs = new Map<string, { document: Record<string, unknown>; remotes: unknown[]; packages: unknown[] }>();
  const skipped: string[] = [];
  for (const e of entries) {
    const extra = e.extra ?? {};
    const source = isObject(extra[SERVER_JSON_KEYS.document]) ? (extra[SERVER_JSON_KEYS.document] as Record<string, unknown>) : { name: e.name };
    const key = JSON.stringify(source);
    const doc = docs.get(key) ?? { document: source, remotes: [], packages: [] };
    const t = e.target;
    if (t.kind === "url" || t.kind === "bridge-http") {
      const original = isObject(extra[SERVER_JSON_KEYS.remote]) ? (extra[SERVER_JSON_KEYS.remote] as Record<string, unknown>) : {};
      const oldHeaders = Array.isArray(original.headers) ? original.headers.filter(isObject) : [];
      const headers = t.headers.map((h) => ({ ...(oldHeaders.find((o) => o.name === h.name) ?? {}), name: h.name, ...(h.value !== "" ? { value: h.value } : {}) }));
      doc.remotes.push({ ...original, type: t.transport === "http+sse" ? "sse" : "streamable-http", url: t.url, ...(headers.length > 0 ? { headers } : {}) });
    } else if (isObject(extra[SERVER_JSON_KEYS.package])) {
      doc.packages.push(extra[SERVER_JSON_KEYS.package]);
    } else {
      skipped.push(`${e.name}: ${t.kind === "embedded" ? "the embedded server is not a registry server" : "a stdio command typed by hand is not a registry package"}`);
      continue;
    }
    docs.set(key, doc);
  }
  const documents = [...docs.values()].map(({ document, remotes, packages }) => ({ ...document, ...(packages.length > 0 ? { packages } : {}), ...(remotes.length > 0 ? { remotes } : {}) }));
  return { documents, skipped };
}
