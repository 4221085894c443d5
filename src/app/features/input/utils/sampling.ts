import type { CreateMessageResult } from "../../../../core";

/**
 * How a `sampling/createMessage` request is shown for review (spec "Sampling": a human reviews the
 * prompt and the completion). Everything in it is server data: text stays text, an image is shown
 * only from base64 data with an image/* type, anything else is shown as JSON.
 */

export type BlockView = { kind: "text"; text: string } | { kind: "image"; src: string; mimeType: string } | { kind: "json"; json: string };

export interface MessageView {
  role: string;
  blocks: BlockView[];
}

export interface SamplingView {
  systemPrompt: string | undefined;
  messages: MessageView[];
  maxTokens: string;
  /** Everything else the request carries, pretty-printed (modelPreferences, temperature, tools…). */
  extras: [string, string][];
}

export const STOP_REASONS = ["endTurn", "stopSequence", "maxTokens", "toolUse", "other"] as const;
export const DEFAULT_MODEL = "presa-inspector-mock";
export const MAX_MESSAGES = 200;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_TYPE = /^image\/[a-z0-9][a-z0-9.+-]*$/i;
// tools and toolChoice have their own view (SamplingToolsView); the rest is listed as JSON.
const SHOWN = new Set(["messages", "systemPrompt", "maxTokens", "tools", "toolChoice"]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A data: URL for an image block, or undefined when it is not base64 with an image/* type. */
export function imageSrc(block: Obj): string | undefined {
  const { data, mimeType } = block;
  if (typeof data !== "string" || typeof mimeType !== "string") return undefined;
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data) || !IMAGE_TYPE.test(mimeType)) return undefined;
  return `data:${mimeType};base64,${data}`;
}

export function blockView(block: unknown): BlockView {
  if (isObj(block) && block.type === "text" && typeof block.text === "string") return { kind: "text", text: block.text };
  if (isObj(block) && block.type === "image") {
    const src = imageSrc(block);
    if (src) return { kind: "image", src, mimeType: String(block.mimeType) };
  }
  return { kind: "json", json: pretty(block) };
}

export function samplingView(params: Obj): SamplingView {
  const list = Array.isArray(params.messages) ? params.messages.slice(0, MAX_MESSAGES) : [];
  const messages = list.map((m): MessageView => {
    if (!isObj(m)) return { role: "?", blocks: [blockView(m)] };
    const content = Array.isArray(m.content) ? m.content : [m.content];
    return { role: typeof m.role === "string" ? m.role : "?", blocks: content.map(blockView) };
  });
  const extras = Object.entries(params)
    .filter(([k]) => !SHOWN.has(k))
    .map(([k, v]): [string, string] => [k, pretty(v)]);
  return {
    systemPrompt: typeof params.systemPrompt === "string" ? params.systemPrompt : undefined,
    messages,
    maxTokens: params.maxTokens === undefined ? "(missing)" : pretty(params.maxTokens),
    extras,
  };
}

export interface ReplyDraft {
  role: "assistant" | "user";
  text: string;
  model: string;
  stopReason: (typeof STOP_REASONS)[number];
  /** Sent as the stop reason when `stopReason` is "other" and this is not empty. */
  customStopReason: string;
}

export const EMPTY_REPLY: ReplyDraft = { role: "assistant", text: "", model: DEFAULT_MODEL, stopReason: "endTurn", customStopReason: "" };

/** The CreateMessageResult a reply sends: one text block, the model named (or the mock's name). */
export function replyResult(d: ReplyDraft): CreateMessageResult {
  const stopReason = d.stopReason === "other" ? d.customStopReason.trim() || "other" : d.stopReason;
  return { role: d.role, content: { type: "text", text: d.text }, model: d.model.trim() || DEFAULT_MODEL, stopReason };
}
