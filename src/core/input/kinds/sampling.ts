import { McpError } from "../../errors";
import { samplingMessagesProblem, samplingReplyProblem } from "../../protocol/samplingTools";
import { isObject } from "../../util/isObject";
import type { InputKindSpec } from "../kind";
import { shown } from "../../util/shown";

/** A sampling request that offers tools needs `sampling.tools` (2025-11-25 "Sampling with tools"). */
function needsTools(params: Record<string, unknown>): boolean {
  return params.tools !== undefined || params.toolChoice !== undefined;
}

function firstText(params: Record<string, unknown>): string {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  for (const m of messages) {
    if (!isObject(m)) continue;
    const blocks = Array.isArray(m.content) ? m.content : [m.content];
    for (const b of blocks) if (isObject(b) && typeof b.text === "string") return b.text;
  }
  return "(no text message)";
}

/** A completion from the client's model; it has no "dismissed" answer, so Escape refuses it. */
export const samplingKind: InputKindSpec = {
  id: "sampling",
  method: "sampling/createMessage",
  mode: "sampling",
  words: { title: "Sampling", short: "sampling", noun: "sampling request", plural: "sampling", name: "Sampling" },
  checkRequest(key, params) {
    if (!Array.isArray(params.messages)) throw new McpError({ kind: "protocol", message: `sampling request "${key}" has no messages` });
    // Sampling with tools (2025-11-25): tool_use answered by tool_result, tool_result never mixed.
    const problem = samplingMessagesProblem(params);
    if (problem) throw new McpError({ kind: "protocol", message: `sampling request "${key}": ${problem}`, reason: { type: "badInputRequest", key } });
  },
  isAnswer: isObject,
  answerProblem(answer) {
    if (answer.role !== "assistant") return `role: expected "assistant", got ${shown(answer.role)}`;
    if (!isObject(answer.content) && !Array.isArray(answer.content)) return `content: expected a content block such as {"type": "text", "text": "…"}, got ${shown(answer.content)}`;
    if (typeof answer.model !== "string") return `model: expected the model's name as text, got ${shown(answer.model)}`;
    return undefined;
  },
  // The reply goes to the server as is: text, or tool_use blocks naming tools it offered.
  replyProblem: samplingReplyProblem,
  question: () => "sampling",
  summary: firstText,
  declare: (extras) => ({ sampling: extras.samplingTools ? { tools: {} } : {} }),
  covered: (declared, params) => isObject(declared.sampling) && (!needsTools(params) || isObject(declared.sampling.tools)),
  required: (params) => (needsTools(params) ? { sampling: { tools: {} } } : { sampling: {} }),
  undeclared: (declared) => (isObject(declared.sampling) ? "sampling with tools (tools or toolChoice), but sampling.tools" : "sampling/createMessage"),
  // A request with tools to a client without sampling.tools, or with broken tool_use / tool_result
  // pairs, is invalid params (2025-11-25 "Sampling" § error handling).
  invalidParams: (declared) => isObject(declared.sampling),
};
