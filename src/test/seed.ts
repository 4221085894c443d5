// The seed's examples (presa, Clojure), ported one for one. Shared by the acceptance tests of both
// transports and both eras.
import { elicit } from "../core/input";
import type { InputHandlers } from "../core/mcp";
import type { ElicitParams } from "../core/protocol/types";
import { inputRequired, inputResponse, server, toolError, type ToolDefinition } from "../server";
import { REVISIONS } from "../core/protocol/revisions";

export const greet: ToolDefinition = {
  name: "greet",
  description: "Greets whoever the user names",
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "who") as { action?: string; content?: Record<string, unknown> } | undefined;
    if (answer) {
      return answer.action === "accept" ? `Hello, ${String(answer.content?.name)}!` : toolError("No name given");
    }
    return inputRequired({
      who: elicit("Who should I greet?", { type: "object", properties: { name: { type: "string" } }, required: ["name"] }),
    });
  },
};

type Answer = { content?: Record<string, unknown> } | undefined;

export const twoSteps: ToolDefinition = {
  name: "two-steps",
  description: "Asks twice",
  handler: (_args, ctx) => {
    const step = (ctx.state as { step?: number } | undefined)?.step;
    switch (step) {
      case undefined:
        return inputRequired({ name: elicit("Name?", { type: "object" }) }, { step: 1 });
      case 1:
        return inputRequired(
          { color: elicit("Color?", { type: "object" }) },
          { step: 2, name: String((inputResponse(ctx, "name") as Answer)?.content?.name) },
        );
      default:
        return `${String((ctx.state as { name?: string }).name)} likes ${String((inputResponse(ctx, "color") as Answer)?.content?.color)}`;
    }
  },
};

export const answers: InputHandlers = {
  "elicitation/create": (params: ElicitParams) => {
    const content: Record<string, Record<string, string>> = {
      "Who should I greet?": { name: "Ada" },
      "Name?": { name: "Ada" },
      "Color?": { color: "blue" },
    };
    return { action: "accept", content: content[params.message] ?? {} };
  },
};

export function seedServer(options: { stateSecret?: string } = {}) {
  return server({ name: "t", version: "1", versions: REVISIONS, tools: [greet, twoSteps], ...options });
}
