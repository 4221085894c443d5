import { McpError } from "../errors";
import type { InputMethod } from "../protocol/meta";
import { isObject } from "../util/isObject";

/** What each call's complete result must hold (schema: CallToolResult, GetPromptResult, ReadResourceResult). */
const LISTS: Record<InputMethod, { field: string; item: (v: Record<string, unknown>) => string | undefined }> = {
  "tools/call": { field: "content", item: (b) => (typeof b.type === "string" ? undefined : "has no type") },
  "prompts/get": {
    field: "messages",
    item: (m) => (typeof m.role !== "string" ? "has no role" : !isObject(m.content) ? "has no content object" : undefined),
  },
  "resources/read": { field: "contents", item: (c) => (typeof c.uri === "string" ? undefined : "has no uri") },
};

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Refuses a complete result of the wrong shape with a `protocol` error, so what the app
 * renders is always the shape it expects: a list of blocks, messages or contents, each an object.
 */
export function checkResultShape(method: InputMethod, result: Record<string, unknown>): Record<string, unknown> {
  const { field, item } = LISTS[method];
  const list = result[field];
  const bad = (why: string): McpError =>
    new McpError({ kind: "protocol", message: `the ${method} result is malformed: ${why}`, reason: { type: "badResult", field } });
  if (!Array.isArray(list)) throw bad(`${field} is ${list === undefined ? "missing" : typeName(list)}, not a list`);
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!isObject(entry)) throw bad(`${field}[${i}] is ${typeName(entry)}, not an object`);
    const why = item(entry);
    if (why !== undefined) throw bad(`${field}[${i}] ${why}`);
  }
  if (method === "tools/call" && result.isError !== undefined && typeof result.isError !== "boolean") {
    throw bad(`isError is ${typeName(result.isError)}, not a boolean`);
  }
  return result;
}
