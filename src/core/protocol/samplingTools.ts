/**
 * Sampling with tools (2025-11-25 "Sampling" § tools; SEP-1577): `tools` and `toolChoice` in
 * `sampling/createMessage`, `tool_use` blocks in the assistant's reply and `tool_result` blocks in the
 * next user message. Pure checks and derivations, shared by the client core, the server and the app.
 */
import { isObject } from "../util/isObject";

/** One content block of a sampling message, loosely typed: the peer's data is checked before use. */
export type SamplingBlock = Record<string, unknown> & { type: string };

/** A message's content as a list (the wire allows one block or an array from 2025-11-25). */
export function blocksOf(content: unknown): SamplingBlock[] {
  const list = Array.isArray(content) ? content : [content];
  return list.filter((b): b is SamplingBlock => isObject(b) && typeof b.type === "string");
}

/** The tool names a sampling request offers. */
export function offeredTools(params: Record<string, unknown>): string[] {
  return Array.isArray(params.tools) ? params.tools.flatMap((t) => (isObject(t) && typeof t.name === "string" ? [t.name] : [])) : [];
}

/** `toolChoice.mode`, defaulting to "auto" as the spec says. */
export function toolChoiceMode(params: Record<string, unknown>): string {
  return isObject(params.toolChoice) && typeof params.toolChoice.mode === "string" ? params.toolChoice.mode : "auto";
}

/**
 * Checks a sampling request's messages against the tool rules (2025-11-25): a user message holding
 * `tool_result` holds only `tool_result`; every `tool_use` is answered by a `tool_result` with its id
 * in the next (user) message. Returns the problem in words, or undefined.
 */
export function samplingMessagesProblem(params: Record<string, unknown>): string | undefined {
  if (!Array.isArray(params.messages)) return "messages is not a list";
  const messages = params.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (!isObject(message)) return `message ${i} is not an object`;
    const blocks = blocksOf(message.content);
    const results = blocks.filter((b) => b.type === "tool_result");
    if (results.length > 0 && results.length !== blocks.length) return `message ${i} mixes tool_result with other content`;
    if (results.length > 0 && message.role !== "user") return `message ${i} holds tool_result but its role is ${String(message.role)}, not user`;
    for (const r of results) if (typeof r.toolUseId !== "string") return `a tool_result in message ${i} has no toolUseId`;
    const uses = blocks.filter((b) => b.type === "tool_use");
    if (uses.length === 0) continue;
    if (message.role !== "assistant") return `message ${i} holds tool_use but its role is ${String(message.role)}, not assistant`;
    for (const u of uses) if (typeof u.id !== "string" || typeof u.name !== "string" || !isObject(u.input)) return `a tool_use in message ${i} lacks an id, name or input object`;
    const next = messages[i + 1];
    // The last message may be the model's pending tool use only in a reply, never in a request.
    if (!isObject(next)) return `the tool_use in message ${i} has no tool_result after it`;
    const answered = new Set(blocksOf(next.content).flatMap((b) => (b.type === "tool_result" && typeof b.toolUseId === "string" ? [b.toolUseId] : [])));
    const missing = uses.map((u) => u.id as string).filter((id) => !answered.has(id));
    if (missing.length > 0) return `tool_use ${missing.map((m) => JSON.stringify(m)).join(", ")} in message ${i} has no matching tool_result in message ${i + 1}`;
  }
  return undefined;
}

/**
 * Checks a sampling reply (what the client sends back) against the request it answers: text, image
 * or audio, or one or more `tool_use` blocks naming offered tools (never when the choice is "none"),
 * each with a unique id and an input object. Returns the problem in words, or undefined.
 */
export function samplingReplyProblem(request: Record<string, unknown>, reply: Record<string, unknown>): string | undefined {
  if (reply.role !== "assistant" && reply.role !== "user") return "the reply has no role";
  if (typeof reply.model !== "string") return "the reply names no model";
  const blocks = blocksOf(reply.content);
  if (blocks.length === 0) return "the reply has no content";
  const uses = blocks.filter((b) => b.type === "tool_use");
  if (blocks.some((b) => b.type === "tool_result")) return "a reply cannot hold tool_result (results go to the server's next request)";
  if (uses.length === 0) return undefined;
  const offered = offeredTools(request);
  if (offered.length === 0) return "the reply uses a tool, but the request offered none";
  if (toolChoiceMode(request) === "none") return 'the reply uses a tool, but the request\'s toolChoice is "none"';
  const ids = new Set<string>();
  for (const u of uses) {
    if (typeof u.id !== "string" || u.id === "") return "a tool_use has no id";
    if (ids.has(u.id)) return `two tool_use blocks share the id ${JSON.stringify(u.id)}`;
    ids.add(u.id);
    if (typeof u.name !== "string" || !offered.includes(u.name)) return `tool_use names ${JSON.stringify(u.name)}, which the request did not offer (${offered.join(", ")})`;
    if (!isObject(u.input)) return `tool_use ${JSON.stringify(u.id)} has no input object`;
  }
  return undefined;
}

/** One turn of a sampling conversation, for display. */
