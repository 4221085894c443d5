import { isObject } from "../util/isObject";
import { blocksOf, type SamplingBlock } from "./samplingTools";

export interface ConversationTurn {
  role: string;
  /** Text, image and audio blocks as they came. */
  blocks: SamplingBlock[];
  toolUses: { id: string; name: string; input: Record<string, unknown> }[];
  toolResults: { toolUseId: string; toolName: string | undefined; isError: boolean; content: unknown[]; structuredContent: unknown }[];
}

/**
 * A sampling request's messages as a conversation: each tool_result paired with the tool_use it
 * answers (by id), so a later request of a tool loop reads as "model asked X, server ran it: Y".
 */
export function samplingConversation(params: Record<string, unknown>): ConversationTurn[] {
  const names = new Map<string, string>();
  const messages = Array.isArray(params.messages) ? params.messages : [];
  return messages.filter(isObject).map((message) => {
    const turn: ConversationTurn = { role: typeof message.role === "string" ? message.role : "?", blocks: [], toolUses: [], toolResults: [] };
    for (const b of blocksOf(message.content)) {
      if (b.type === "tool_use" && typeof b.id === "string") {
        const name = typeof b.name === "string" ? b.name : "?";
        names.set(b.id, name);
        turn.toolUses.push({ id: b.id, name, input: isObject(b.input) ? b.input : {} });
      } else if (b.type === "tool_result" && typeof b.toolUseId === "string") {
        turn.toolResults.push({
          toolUseId: b.toolUseId,
          toolName: names.get(b.toolUseId),
          isError: b.isError === true,
          content: Array.isArray(b.content) ? b.content : [],
          structuredContent: b.structuredContent,
        });
      } else turn.blocks.push(b);
    }
    return turn;
  });
}
