import { isObject } from "../util/isObject";

/**
 * The text of a result joined by newlines: a tool's text content, a prompt's text messages, or a
 * resource's text contents (seed: `client/text`).
 */
export function text(result: Record<string, unknown>): string {
  const parts: string[] = [];
  const take = (block: unknown): void => {
    if (isObject(block) && block.type === "text" && typeof block.text === "string") parts.push(block.text);
  };
  if (Array.isArray(result.content)) result.content.forEach(take);
  if (Array.isArray(result.messages)) for (const m of result.messages) if (isObject(m)) take(m.content);
  if (Array.isArray(result.contents)) for (const c of result.contents) if (isObject(c) && typeof c.text === "string") parts.push(c.text);
  return parts.join("\n");
}
