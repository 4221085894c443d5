import type { HeaderRow, HttpTransportChoice, Target, TargetKind } from "../../../stores/connectionStore";

/** What the target picker's fields hold; URL fields are shared by direct HTTP and HTTP via the bridge. */
export interface TargetDraft {
  kind: TargetKind;
  url: string;
  headers: HeaderRow[];
  /** For URL targets: Streamable HTTP, HTTP+SSE or auto. */
  transport: HttpTransportChoice;
  command: string;
  /** One argument per line, exactly as typed (empty lines are dropped). */
  argsText: string;
  env: HeaderRow[];
  cwd: string;
}

export type DraftAction =
  | { type: "kind"; kind: TargetKind }
  | { type: "field"; field: "url" | "command" | "argsText" | "cwd"; value: string }
  | { type: "transport"; transport: HttpTransportChoice }
  | { type: "rows"; field: "headers" | "env"; rows: HeaderRow[] }
  | { type: "load"; target: Target };

export const DEFAULT_URL = "http://127.0.0.1:3939/mcp";

export function draftOf(target: Target): TargetDraft {
  const base: TargetDraft = { kind: target.kind, url: DEFAULT_URL, headers: [], transport: "streamable-http", command: "", argsText: "", env: [], cwd: "" };
  return targetDraftReducer(base, { type: "load", target });
}

export function targetDraftReducer(draft: TargetDraft, action: DraftAction): TargetDraft {
  switch (action.type) {
    case "kind":
      return { ...draft, kind: action.kind };
    case "field":
      return { ...draft, [action.field]: action.value };
    case "rows":
      return { ...draft, [action.field]: action.rows };
    case "transport":
      return { ...draft, transport: action.transport };
    case "load": {
      const t = action.target;
      if (t.kind === "embedded") return { ...draft, kind: "embedded" };
      if (t.kind === "stdio") return { ...draft, kind: "stdio", command: t.command, argsText: t.args.join("\n"), env: t.env.map((r) => ({ ...r })), cwd: t.cwd };
      return { ...draft, kind: t.kind, url: t.url, headers: t.headers.map((r) => ({ ...r })), transport: t.transport ?? "streamable-http" };
    }
  }
}

/** The target the fields describe. */
export function draftToTarget(draft: TargetDraft): Target {
  switch (draft.kind) {
    case "embedded":
      return { kind: "embedded" };
    case "url":
    case "bridge-http":
      return { kind: draft.kind, url: draft.url.trim(), headers: draft.headers, ...(draft.transport !== "streamable-http" ? { transport: draft.transport } : {}) };
    case "stdio":
      return {
        kind: "stdio",
        command: draft.command.trim(),
        args: draft.argsText.split(/\r?\n/).filter((line) => line !== ""),
        env: draft.env.filter((r) => r.name.trim() !== "").map((r) => ({ name: r.name.trim(), value: r.value })),
        cwd: draft.cwd.trim(),
      };
  }
}
