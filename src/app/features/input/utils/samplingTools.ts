/**
 * Sampling with tools in the reply editor (README "The other ways a server asks"): the tools a
 * request offers, the reply made of `tool_use` blocks, and a light check of each block's arguments
 * against its tool's `required` list. Everything read here is server data, checked before use.
 */
import { isObject, toolChoiceMode, type CreateMessageResult, type JsonObject } from "../../../../core";
import { DEFAULT_MODEL, type ReplyDraft } from "./sampling";

export interface OfferedTool {
  name: string;
  title: string | undefined;
  description: string | undefined;
  /** The tool's inputSchema when it is an object schema; else an open object (edit as JSON). */
  inputSchema: JsonObject;
}

/** At most this many offered tools are shown and offered in the picker. */
export const MAX_OFFERED_TOOLS = 64;

const OPEN_OBJECT: JsonObject = { type: "object" };

/** The tools a sampling request offers, each with a usable schema (first of a repeated name wins). */
export function offeredToolList(params: Record<string, unknown>): OfferedTool[] {
  if (!Array.isArray(params.tools)) return [];
  const seen = new Set<string>();
  const out: OfferedTool[] = [];
  for (const t of params.tools.slice(0, MAX_OFFERED_TOOLS)) {
    if (!isObject(t) || typeof t.name !== "string" || t.name === "" || seen.has(t.name)) continue;
    seen.add(t.name);
    const schema = isObject(t.inputSchema) && (t.inputSchema.type === undefined || t.inputSchema.type === "object") ? (t.inputSchema as JsonObject) : OPEN_OBJECT;
    out.push({
      name: t.name,
      title: typeof t.title === "string" ? t.title : undefined,
      description: typeof t.description === "string" ? t.description : undefined,
      inputSchema: schema,
    });
  }
  return out;
}

/** What the request's `toolChoice` lets the model do, in words. */
export function toolChoiceWords(params: Record<string, unknown>): { mode: string; words: string } {
  const mode = toolChoiceMode(params);
  if (mode === "none") return { mode, words: "none: the model must not use a tool; reply in text" };
  if (mode === "required") return { mode, words: "required: the model must use at least one tool" };
  if (mode === "auto") return { mode, words: "auto: the model may use tools or reply in text" };
  return { mode, words: `${mode} (not a mode the spec defines)` };
}

/** One tool_use block being written by the user. */
export interface ToolUseDraft {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

let counter = 0;

/** A fresh tool_use id, unique in the page (the server pairs its tool_result with it). */
export function newToolUseId(): string {
  counter += 1;
  const random = [...globalThis.crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `toolu_${random}${counter}`;
}

/** The required argument names a block's input lacks (empty strings count as missing). */
export function missingRequired(schema: JsonObject, input: Record<string, unknown>): string[] {
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
  return required.filter((k) => input[k] === undefined || input[k] === "");
}

/** Why the tool-use reply cannot go yet, in words; undefined when it can. */
export function toolUseProblem(uses: readonly ToolUseDraft[], tools: readonly OfferedTool[]): string | undefined {
  if (uses.length === 0) return "Add at least one tool use.";
  for (const [i, u] of uses.entries()) {
    const tool = tools.find((t) => t.name === u.name);
    if (!tool) return `Tool use ${i + 1}: pick one of the offered tools.`;
    const missing = missingRequired(tool.inputSchema, u.input);
    if (missing.length > 0) return `Tool use ${i + 1} (${u.name}): ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required.`;
  }
  return undefined;
}

/** The CreateMessageResult of a tool-use reply: the blocks in order, stop reason toolUse, the model named. */
export function toolUseResult(draft: Pick<ReplyDraft, "model">, uses: readonly ToolUseDraft[]): CreateMessageResult {
  return {
    role: "assistant",
    content: uses.map((u) => ({ type: "tool_use", id: u.id, name: u.name, input: u.input as JsonObject })),
    model: draft.model.trim() || DEFAULT_MODEL,
    stopReason: "toolUse",
  };
}
