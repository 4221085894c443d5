/**
 * Demo tools that run as tasks: a deployment that works for a while with progress and then
 * stops to ask for confirmation, and a release that stops twice. Both eras: a client that takes tasks
 * gets a task (2026-07-28 extension, 2025-11-25 `task` parameter); `deploy` also runs inline for one
 * that does not, with the same questions as ordinary input rounds.
 */
import { elicit, isObject, type JsonValue } from "../../core/protocol";
import { inputRequired, inputResponse, toolError, type HandlerContext, type ToolDefinition } from "../definitions";
import { sleep } from "../tasks/sleep";

const ENVIRONMENTS = ["staging", "production"];

function accepted(ctx: HandlerContext, key: string): Record<string, unknown> | undefined {
  const answer = inputResponse(ctx, key);
  return isObject(answer) && answer.action === "accept" && isObject(answer.content) ? answer.content : undefined;
}

function stepMsOf(args: Record<string, unknown>): number {
  return typeof args.stepMs === "number" && args.stepMs >= 0 ? Math.min(args.stepMs, 10_000) : 600;
}

/** Works through `steps` (numbered from `from`), reporting each as progress; stops early when cancelled. */
async function work(ctx: HandlerContext, steps: string[], from: number, total: number, stepMs: number): Promise<void> {
  for (let i = 0; i < steps.length; i++) {
    await sleep(stepMs, ctx.signal);
    await ctx.progress(from + i, total, steps[i]);
  }
}

const stateOf = (ctx: HandlerContext): Record<string, JsonValue> => (isObject(ctx.state) ? (ctx.state as Record<string, JsonValue>) : {});

export const deploy: ToolDefinition = {
  name: "deploy",
  title: "Deploy (a task that stops to ask)",
  description: "Builds and rolls out a service with progress, then asks for confirmation before going live",
  inputSchema: {
    type: "object",
    properties: {
      service: { type: "string", title: "Service", default: "web" },
      environment: { type: "string", title: "Environment (asked first when left out)", enum: ENVIRONMENTS },
      stepMs: { type: "number", title: "Time per step (ms)", default: 600 },
    },
  },
  execution: {
    taskSupport: "optional",
    // An input round before the task exists (MRTR on 2026-07-28): where to deploy, unless given.
    beforeTask: (args, ctx) => {
      if (typeof args.environment === "string") return { environment: args.environment };
      const answer = accepted(ctx, "environment");
      if (answer && typeof answer.environment === "string") return { environment: answer.environment };
      return inputRequired({
        environment: elicit("Where should this deployment go?", {
          type: "object",
          properties: { environment: { type: "string", title: "Environment", enum: ENVIRONMENTS } },
          required: ["environment"],
        }),
      });
    },
  },
  handler: async (args, ctx) => {
    const service = typeof args.service === "string" ? args.service : "web";
    const state = stateOf(ctx);
    const environment = typeof state.environment === "string" ? state.environment : "staging";
    const stepMs = stepMsOf(args);
    if (state.phase !== "confirm") {
      await work(ctx, [`Building ${service}`, "Running the tests", `Uploading to ${environment}`], 1, 5, stepMs);
      return inputRequired(
        {
          golive: elicit(`${service} is staged on ${environment}. Go live?`, {
            type: "object",
            properties: { confirm: { type: "boolean", title: "Go live" } },
            required: ["confirm"],
          }),
        },
        { phase: "confirm", environment },
      );
    }
    if (accepted(ctx, "golive")?.confirm !== true) return toolError(`Deployment of ${service} to ${environment} stopped: not confirmed`);
    await work(ctx, ["Switching traffic", "Checking health"], 4, 5, stepMs);
    return `Deployed ${service} to ${environment}`;
  },
};

export const release: ToolDefinition = {
  name: "release",
  title: "Release (a task with two questions)",
  description: "Prepares a release, asks for the version, works on, then asks to approve the notes",
  inputSchema: { type: "object", properties: { stepMs: { type: "number", title: "Time per step (ms)", default: 600 } } },
  execution: { taskSupport: "required" },
  handler: async (args, ctx) => {
    const state = stateOf(ctx);
    const stepMs = stepMsOf(args);
    if (state.phase === undefined) {
      await work(ctx, ["Collecting changes"], 1, 4, stepMs);
      return inputRequired(
        { version: elicit("Which version is this release?", { type: "object", properties: { version: { type: "string", title: "Version" } }, required: ["version"] }) },
        { phase: "version" },
      );
    }
    if (state.phase === "version") {
      const version = accepted(ctx, "version")?.version;
      if (typeof version !== "string") return toolError("Release stopped: no version given");
      await work(ctx, [`Writing notes for ${version}`], 2, 4, stepMs);
      return inputRequired(
        { approve: elicit(`Publish the notes for ${version}?`, { type: "object", properties: { approve: { type: "boolean", title: "Publish" } }, required: ["approve"] }) },
        { phase: "notes", version },
      );
    }
    const version = String(state.version);
    if (accepted(ctx, "approve")?.approve !== true) return toolError(`Release ${version} stopped: notes not approved`);
    await work(ctx, ["Tagging", "Publishing"], 3, 4, stepMs);
    return `Released ${version}`;
  },
};

export const taskDemoTools: ToolDefinition[] = [deploy, release];
