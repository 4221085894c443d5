// The seed's two tools (presa's greet and two-steps), ported one for one.
import { elicit } from "../../core/protocol";
import { inputRequired, inputResponse, toolError, type ToolDefinition } from "../definitions";

type Answer = { action?: string; content?: Record<string, unknown> } | undefined;

export const greet: ToolDefinition = {
  name: "greet",
  description: "Greets whoever the user names",
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "who") as Answer;
    if (answer) {
      return answer.action === "accept" ? `Hello, ${String(answer.content?.name)}!` : toolError("No name given");
    }
    return inputRequired({
      who: elicit("Who should I greet?", { type: "object", properties: { name: { type: "string" } }, required: ["name"] }),
    });
  },
};

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
