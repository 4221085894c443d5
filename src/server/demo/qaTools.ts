// Demo tools for QA and demos: a five-round flow to run from canned answers, a tool that
// reports progress and logs, and one that changes the tool list so list_changed can be seen.
import { elicit } from "../../core/protocol";
import type { ChangeFeed } from "../changes";
import { inputRequired, inputResponse, type HandlerContext, type ToolDefinition } from "../definitions";

type Answers = Record<string, string>;

/** The wizard's five questions, one per round; each answer is carried to the next round in state. */
export const WIZARD_STEPS = [
  { key: "name", message: "Step 1 of 5: your name?", field: { type: "string", title: "Name" } },
  { key: "team", message: "Step 2 of 5: which team?", field: { type: "string", title: "Team", enum: ["platform", "product", "research"] } },
  { key: "role", message: "Step 3 of 5: your role?", field: { type: "string", title: "Role" } },
  { key: "updates", message: "Step 4 of 5: weekly updates?", field: { type: "boolean", title: "Send weekly updates", default: true } },
  { key: "confirm", message: "Step 5 of 5: create the account?", field: { type: "boolean", title: "Create it", default: true } },
] as const;

function answerOf(ctx: HandlerContext, key: string): { action?: string; content?: Record<string, unknown> } | undefined {
  return inputResponse(ctx, key) as { action?: string; content?: Record<string, unknown> } | undefined;
}

/** Five rounds, one form each: the flow a demo runs from canned answers without typing. */
export const setupWizard: ToolDefinition = {
  name: "setup-wizard",
  title: "Setup wizard (five rounds)",
  description: "Asks five questions, one per round, then sums up",
  handler: (_args, ctx) => {
    const state = (ctx.state as { step: number; answers: Answers } | undefined) ?? { step: 0, answers: {} };
    const answers = { ...state.answers };
    const asked = WIZARD_STEPS[state.step - 1];
    if (asked) {
      const answer = answerOf(ctx, asked.key);
      if (!answer || answer.action !== "accept") return `Setup stopped at step ${state.step}: ${answer?.action ?? "no answer"}`;
      answers[asked.key] = String(answer.content?.[asked.key]);
    }
    const next = WIZARD_STEPS[state.step];
    if (next) {
      const schema = { type: "object", properties: { [next.key]: next.field }, required: [next.key] };
      return inputRequired({ [next.key]: elicit(next.message, schema as never) }, { step: state.step + 1, answers });
    }
    if (answers.confirm !== "true") return "Setup cancelled at the last step.";
    return `Account for ${answers.name} (${answers.role}, ${answers.team}) created; weekly updates ${answers.updates === "true" ? "on" : "off"}.`;
  },
};

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("cancelled"));
    }, { once: true });
  });
}

/** Reports progress and logs on the way (the client asks: a progressToken, and a logLevel on 2026-07-28). */
export const countdown: ToolDefinition = {
  name: "countdown",
  title: "Countdown (progress and logs)",
  description: "Counts a few steps with a pause between, reporting progress and logging each step",
  inputSchema: {
    type: "object",
    properties: {
      steps: { type: "integer", title: "Steps", minimum: 1, maximum: 20, default: 3 },
      delayMs: { type: "integer", title: "Pause between steps (ms)", minimum: 0, maximum: 5000, default: 300 },
    },
  },
  handler: async (args, ctx) => {
    const steps = Number.isInteger(args.steps) ? Math.min(20, Math.max(1, args.steps as number)) : 3;
    const delayMs = Number.isInteger(args.delayMs) ? Math.min(5000, Math.max(0, args.delayMs as number)) : 300;
    await ctx.log("info", `countdown of ${steps} started`);
    for (let i = 1; i <= steps; i++) {
      await ctx.log("debug", `waiting ${delayMs} ms`);
      await wait(delayMs, ctx.signal);
      await ctx.progress(i, steps, `step ${i} of ${steps}`);
      await ctx.log("info", `step ${i} of ${steps} done`);
    }
    return `Counted ${steps} steps.`;
  },
};

export const EXTRA_TOOL: ToolDefinition = {
  name: "extra-tool",
  title: "Extra tool (added by toggle-extra-tool)",
  description: "Exists only while toggled on",
  handler: () => "The extra tool is here.",
};

/**
 * Adds or removes `extra-tool` and reports the change: open `subscriptions/listen` streams
 * (2026-07-28) and initialize-era sessions hear `notifications/tools/list_changed`.
 */
export function toggleExtraTool(tools: Map<string, ToolDefinition>, changes: ChangeFeed): ToolDefinition {
  return {
    name: "toggle-extra-tool",
    title: "Toggle extra tool (list changed)",
    description: "Adds extra-tool to the tool list, or removes it, and notifies clients",
    handler: () => {
      const had = tools.delete(EXTRA_TOOL.name);
      if (!had) tools.set(EXTRA_TOOL.name, EXTRA_TOOL);
      changes.publish({ kind: "tools" });
      return had ? "extra-tool removed" : "extra-tool added";
    },
  };
}
