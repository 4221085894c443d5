// Demo server variants: the same tools with one behaving differently, so "replay against this
// server" has a difference to find (README "QA and demos"; the app reads `?demo-variant=`).
import { elicit } from "../../core/input";
import { inputRequired, inputResponse, type ToolDefinition } from "../definitions";

/** The variants the demo server knows; "changed" alters two-steps' second question and its answer. */
export const DEMO_VARIANTS = ["changed"] as const;
export type DemoVariant = (typeof DEMO_VARIANTS)[number];

export function isDemoVariant(value: unknown): value is DemoVariant {
  return typeof value === "string" && (DEMO_VARIANTS as readonly string[]).includes(value);
}

type Named = { content?: Record<string, unknown> } | undefined;

/** two-steps, changed: round 2 asks "Favourite color?" and the result shouts the colour. */
const twoStepsChanged: ToolDefinition = {
  name: "two-steps",
  description: "Asks twice: a name, then a colour, carrying the name in requestState (variant: changed)",
  handler: (_args, ctx) => {
    const step = (ctx.state as { step?: number } | undefined)?.step;
    if (step === undefined) {
      return inputRequired({ name: elicit("Name?", { type: "object", properties: { name: { type: "string", title: "Name" } }, required: ["name"] }) }, { step: 1 });
    }
    if (step === 1) {
      const name = String((inputResponse(ctx, "name") as Named)?.content?.name);
      return inputRequired(
        { color: elicit("Favourite color?", { type: "object", properties: { color: { type: "string", title: "Color" } }, required: ["color"] }) },
        { step: 2, name },
      );
    }
    const color = String((inputResponse(ctx, "color") as Named)?.content?.color);
    return `${String((ctx.state as { name?: string }).name)} likes ${color.toUpperCase()}`;
  },
};

const CHANGED: Record<DemoVariant, ToolDefinition[]> = { changed: [twoStepsChanged] };

/** The tool list with the variant's replacements swapped in by name (order kept). */
export function applyVariant(tools: readonly ToolDefinition[], variant: DemoVariant | undefined): ToolDefinition[] {
  if (!variant) return [...tools];
  const replacements = new Map(CHANGED[variant].map((t) => [t.name, t]));
  return tools.map((t) => replacements.get(t.name) ?? t);
}
