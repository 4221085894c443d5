import { isObject, type CreateMessageResult, type JsonObject } from "../../../../core";

/** One line of a mock model script: a reply for prompts matching `pattern`, or (no pattern) the next reply in turn. */
export interface MockRule {
  pattern: RegExp | undefined;
  reply: string;
}

export interface MockScript {
  rules: MockRule[];
  /** Lines that could not be read, with why (a bad regular expression, say). */
  problems: string[];
}

export const MOCK_MODEL = "mock-model";

const RULE = /^\/(.+)\/([dgimsuy]*)\s*=>\s*(.*)$/;

/**
 * Reads a script: one rule per line, `/regex/flags => reply` (the reply may use $1… from the match),
 * or a plain line, used in turn when no pattern matches. Blank lines and `#` comments are skipped.
 */
export function parseScript(text: string): MockScript {
  const rules: MockRule[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const m = RULE.exec(line);
    if (!m) return void rules.push({ pattern: undefined, reply: line });
    try {
      rules.push({ pattern: new RegExp(m[1] as string, (m[2] as string).replace("g", "")), reply: m[3] as string });
    } catch (e) {
      problems.push(`line ${i + 1}: ${(e as Error).message}`);
    }
  });
  return { rules, problems };
}

/**
 * The text of a sampling request the rules match against: every text message, in order, with the
 * text inside `tool_result` blocks too, so a script can answer from what a tool returned.
 */
export function promptText(params: Record<string, unknown>): string {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const texts: string[] = [];
  const collect = (content: unknown): void => {
    for (const block of Array.isArray(content) ? content : [content]) {
      if (isObject(block) && block.type === "text" && typeof block.text === "string") texts.push(block.text);
      if (isObject(block) && block.type === "tool_result") collect(block.content);
    }
  };
  for (const m of messages) collect(isObject(m) ? m.content : undefined);
  return texts.join("\n");
}

/** The scripted reply text: the first matching pattern, else the `turn`-th plain reply; undefined when none applies. */
export function mockReplyText(script: MockScript, params: Record<string, unknown>, turn: number): string | undefined {
  const text = promptText(params);
  for (const rule of script.rules) {
    if (!rule.pattern) continue;
    const m = rule.pattern.exec(text);
    if (m) return m[0].replace(rule.pattern, rule.reply);
  }
  const plain = script.rules.filter((r) => !r.pattern);
  return plain.length === 0 ? undefined : (plain[turn % plain.length] as MockRule).reply;
}

const TOOL_CALL = /^tool:([A-Za-z0-9_.-]+)\s*(\{.*\})?$/;

/**
 * A sampling result from the mock model. A reply of the form `tool:NAME {json input}` (several joined
 * with ` && `) is a tool call: `tool_use` blocks, when the request offers those tools (2025-11-25
 * sampling with tools); otherwise, or when the input is not JSON, the reply is plain text.
 */
export function mockResult(text: string, params: Record<string, unknown> = {}): CreateMessageResult {
  const offered = Array.isArray(params.tools) ? params.tools.flatMap((t) => (isObject(t) && typeof t.name === "string" ? [t.name] : [])) : [];
  const calls = text.split(/\s+&&\s+/).map((part) => TOOL_CALL.exec(part.trim()));
  if (text.startsWith("tool:") && calls.every((m) => m && offered.includes(m[1] as string))) {
    try {
      const content = calls.map((m, i) => ({ type: "tool_use", id: `mock-${i + 1}`, name: (m as RegExpExecArray)[1] as string, input: JSON.parse((m as RegExpExecArray)[2] ?? "{}") as JsonObject }));
      if (content.every((c) => isObject(c.input))) return { role: "assistant", content, model: MOCK_MODEL, stopReason: "toolUse" };
    } catch {
      // Not JSON: the reply goes as the text it is.
    }
  }
  return { role: "assistant", content: { type: "text", text }, model: MOCK_MODEL, stopReason: "endTurn" };
}
