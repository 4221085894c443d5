import { isObject, type CreateMessageResult } from "../../../../core";

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

/** The text of a sampling request the rules match against: every text message, in order. */
export function promptText(params: Record<string, unknown>): string {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const texts: string[] = [];
  for (const m of messages) {
    const content = isObject(m) ? m.content : undefined;
    for (const block of Array.isArray(content) ? content : [content]) {
      if (isObject(block) && block.type === "text" && typeof block.text === "string") texts.push(block.text);
    }
  }
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

/** A sampling result from the mock model. */
export function mockResult(text: string): CreateMessageResult {
  return { role: "assistant", content: { type: "text", text }, model: MOCK_MODEL, stopReason: "endTurn" };
}
