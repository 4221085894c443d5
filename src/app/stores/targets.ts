import type { SpawnSpec } from "../../core";
import type { HeaderRow, Target } from "./connectionStore";

/** Header or env rows with a name, as a record (later rows win). */
export function rowsToRecord(rows: readonly HeaderRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of rows) if (row.name.trim()) out[row.name.trim()] = row.value;
  return out;
}

export function recordToRows(record: Record<string, string> | undefined): HeaderRow[] {
  return Object.entries(record ?? {}).map(([name, value]) => ({ name, value }));
}

/** The exact spec the bridge is asked to spawn for a stdio target (the dialog shows this, nothing else). */
export function spawnSpecOf(target: Extract<Target, { kind: "stdio" }>): SpawnSpec {
  const spec: SpawnSpec = { command: target.command.trim(), args: [...target.args], env: rowsToRecord(target.env) };
  if (target.cwd.trim() !== "") spec.cwd = target.cwd.trim();
  return spec;
}

/** A short name for a target, for lists of saved and recent connections. */
export function describeTarget(target: Target): string {
  switch (target.kind) {
    case "embedded":
      return "embedded demo server";
    case "url":
    case "bridge-http": {
      try {
        const url = new URL(target.url);
        return `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
      } catch {
        return target.url;
      }
    }
    case "stdio": {
      const base = target.command.split(/[\\/]/).pop() ?? target.command;
      const line = [base, ...target.args.map((a) => (/\s/.test(a) || a === "" ? JSON.stringify(a) : a))].join(" ");
      return line.length > 60 ? `${line.slice(0, 59)}…` : line;
    }
  }
}

/** Identity of a target for de-duplication (values of headers and env included). */
export function targetKey(target: Target): string {
  return JSON.stringify(target);
}
