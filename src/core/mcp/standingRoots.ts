/**
 * A standing roots list (MCP "Roots"): the client declares `roots: {listChanged: true}`, answers
 * `roots/list` (and the 2026-07-28 roots input request) from the list at once, and on
 * initialize-era sessions says `notifications/roots/list_changed` when the list changes. With
 * `askEachTime` and a `roots/list` handler, the handler is asked instead (a person picks each time).
 */
import { McpError } from "../errors";
import type { Root } from "../protocol/types";
import { isObject } from "../util/isObject";
import type { InputHandlers, StandingRoots } from "./options";

/** Checks a roots list before it is declared or sent: `file://` URIs only (the spec's MUST). */
export function checkRoots(list: unknown): Root[] {
  if (!Array.isArray(list)) throw new McpError({ kind: "protocol", message: "the roots list is not a list" });
  return list.map((root, i) => {
    if (!isObject(root) || typeof root.uri !== "string") throw new McpError({ kind: "protocol", message: `root ${i} has no uri` });
    if (!root.uri.startsWith("file://")) throw new McpError({ kind: "protocol", message: `root ${i} (${root.uri.slice(0, 80)}) is not a file:// URI, which roots must be` });
    const out: Root = { uri: root.uri };
    if (typeof root.name === "string") out.name = root.name;
    return out;
  });
}

/** The handlers a client really uses: `roots/list` answered from the standing list unless asked each time. */
export function withStandingRoots(handlers: InputHandlers, standing: StandingRoots | undefined, current: () => Root[]): InputHandlers {
  if (!standing) return handlers;
  if (standing.askEachTime && handlers["roots/list"]) return handlers;
  return { ...handlers, "roots/list": () => ({ roots: current().map((r) => ({ ...r })) }) };
}
