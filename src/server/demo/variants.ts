// Demo server variants: the same tools with one behaving differently, so "replay against this
// server" has a difference to find (README "QA and demos"; the app reads `?demo-variant=`).
import type { ToolDefinition } from "../definitions";
import { twoStepsTool } from "./tools";

/** The variants the demo server knows; "changed" alters two-steps' second question and its answer. */
export const DEMO_VARIANTS = ["changed"] as const;
export type DemoVariant = (typeof DEMO_VARIANTS)[number];

export function isDemoVariant(value: unknown): value is DemoVariant {
  return typeof value === "string" && (DEMO_VARIANTS as readonly string[]).includes(value);
}

/** two-steps, changed: round 2 asks "Favourite color?" and the result shouts the colour. */
const twoStepsChanged = twoStepsTool({
  description: "Asks twice: a name, then a colour, carrying the name in requestState (variant: changed)",
  colorQuestion: "Favourite color?",
  colorShown: (color) => color.toUpperCase(),
});

const CHANGED: Record<DemoVariant, ToolDefinition[]> = { changed: [twoStepsChanged] };

/** The tool list with the variant's replacements swapped in by name (order kept). */
export function applyVariant(tools: readonly ToolDefinition[], variant: DemoVariant | undefined): ToolDefinition[] {
  if (!variant) return [...tools];
  const replacements = new Map(CHANGED[variant].map((t) => [t.name, t]));
  return tools.map((t) => replacements.get(t.name) ?? t);
}
