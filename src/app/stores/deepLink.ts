import { isRevision, type Revision } from "../../core";
import type { Selection } from "./uiStore";

/** What a link may carry; nothing in it runs a call, and a URL target is connected only after a click. */
export interface DeepLink {
  target: { kind: "embedded" } | { kind: "url"; url: string } | undefined;
  revision: Revision | "auto" | undefined;
  /** A tool, prompt or resource to select (never to run). */
  selection: Extract<Selection, { kind: "tool" | "prompt" | "resource" }> | undefined;
  present: boolean;
  /** Parameters that were ignored, and why, to show the user. */
  problems: string[];
}

export interface LinkState {
  target: { kind: string; url?: string };
  revision: string;
  selection: Selection | undefined;
  present: boolean;
}

const MAX_VALUE = 2000;
/** The link's own parameters; any other (such as demo-variant) is kept when a link is rebuilt. */
export const LINK_PARAMS = ["target", "revision", "tool", "prompt", "resource", "present"] as const;

function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const FLAG_OFF = new Set(["0", "false", "no", "off"]);

/** Reads `?target=embedded|<http(s) URL>&revision=…&tool=…|prompt=…|resource=…&present` (README "Deep links"). */
export function parseDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const link: DeepLink = { target: undefined, revision: undefined, selection: undefined, present: false, problems: [] };
  const target = params.get("target");
  if (target !== null) {
    const url = target === "embedded" ? undefined : httpUrl(target.slice(0, MAX_VALUE));
    if (target === "embedded") link.target = { kind: "embedded" };
    else if (url) link.target = { kind: "url", url };
    else link.problems.push(`target ignored: “${target.slice(0, 80)}” is neither “embedded” nor an http(s) URL`);
  }
  const revision = params.get("revision");
  if (revision !== null) {
    if (revision === "auto" || isRevision(revision)) link.revision = revision;
    else link.problems.push(`revision ignored: “${revision.slice(0, 40)}” is not a known revision`);
  }
  for (const kind of ["tool", "prompt", "resource"] as const) {
    const value = params.get(kind);
    if (value === null || link.selection) continue;
    if (value === "" || value.length > MAX_VALUE) link.problems.push(`${kind} ignored: empty or too long`);
    else link.selection = kind === "resource" ? { kind, uri: value } : { kind, name: value };
  }
  const present = params.get("present");
  link.present = present !== null && !FLAG_OFF.has(present.toLowerCase());
  return link;
}

/** A link to this place: target, revision, selection and presentation mode; other parameters of `current` are kept. */
export function buildDeepLink(state: LinkState, base: string, current = ""): string {
  const params = new URLSearchParams(current);
  for (const name of LINK_PARAMS) params.delete(name);
  if (state.target.kind === "embedded") params.set("target", "embedded");
  else if (state.target.kind === "url" && state.target.url) params.set("target", state.target.url);
  if (state.revision !== "auto") params.set("revision", state.revision);
  const s = state.selection;
  if (s?.kind === "tool" || s?.kind === "prompt") params.set(s.kind, s.name);
  else if (s?.kind === "resource") params.set("resource", s.uri);
  let query = params.toString();
  if (state.present) query = query ? `${query}&present` : "present";
  return query ? `${base}?${query}` : base;
}
