/**
 * The fixtures of the conformance suite's `tasks-*` scenarios (SEP-2663, io.modelcontextprotocol/tasks),
 * named and shaped as the scenario sources require: greet, slow_compute, failing_job,
 * protocol_error_job, confirm_delete, multi_input and test_tool_with_task.
 */
import { elicit, isObject } from "../../core/protocol";
import { inputRequired, inputResponse, toolError, type HandlerContext, type ToolDefinition } from "../definitions";
import { greet as seedGreet } from "../demo/seedTools";
import { internalError } from "../rpcError";
import { sleep } from "../tasks/sleep";

function accepted(ctx: HandlerContext, key: string): Record<string, unknown> | undefined {
  const answer = inputResponse(ctx, key);
  return isObject(answer) && answer.action === "accept" && isObject(answer.content) ? answer.content : undefined;
}

const confirmSchema = { type: "object" as const, properties: { confirm: { type: "boolean" } }, required: ["confirm"] };

export const conformanceTaskTools: ToolDefinition[] = [
  {
    // The seed's greet, which also greets a `name` argument at once (the scenarios' sync-only tool).
    ...seedGreet,
    inputSchema: { type: "object", properties: { name: { type: "string" } } },
    handler: (args, ctx) => (typeof args.name === "string" ? `Hello, ${args.name}!` : seedGreet.handler(args, ctx)),
  },
  {
    name: "slow_compute",
    description: "Sleeps `seconds` seconds, then answers; runs as a task when the client can take one",
    inputSchema: { type: "object", properties: { seconds: { type: "number" }, label: { type: "string" } } },
    execution: { taskSupport: "optional" },
    handler: async (args, ctx) => {
      const seconds = typeof args.seconds === "number" && args.seconds > 0 ? Math.min(args.seconds, 600) : 0;
      await sleep(seconds * 1000, ctx.signal);
      return `Computed ${typeof args.label === "string" ? args.label : "result"} after ${seconds}s`;
    },
  },
  {
    name: "failing_job",
    description: "Fails as a tool (isError) after a second; runs only as a task",
    execution: { taskSupport: "required" },
    handler: async (_args, ctx) => {
      await sleep(1000, ctx.signal);
      return toolError("The job failed: the input was invalid");
    },
  },
  {
    name: "protocol_error_job",
    description: "Fails with a JSON-RPC error (the task ends failed)",
    execution: { taskSupport: "optional" },
    handler: async (_args, ctx) => {
      await sleep(200, ctx.signal);
      throw internalError("protocol_error_job crashed on purpose");
    },
  },
  {
    name: "confirm_delete",
    description: "Asks to confirm, then deletes (pretend) the file",
    inputSchema: { type: "object", properties: { filename: { type: "string" } } },
    execution: { taskSupport: "optional" },
    handler: (args, ctx) => {
      const file = typeof args.filename === "string" ? args.filename : "file";
      const answer = accepted(ctx, "confirm");
      if (!answer && inputResponse(ctx, "confirm") === undefined) {
        return inputRequired({ confirm: elicit(`Delete ${file}?`, confirmSchema) });
      }
      return answer?.confirm === true ? `Deleted ${file}` : `Kept ${file}`;
    },
  },
  {
    name: "multi_input",
    description: "Asks two questions at once",
    execution: { taskSupport: "optional" },
    handler: (_args, ctx) => {
      if (Object.keys(ctx.inputResponses).length === 0) {
        return inputRequired({
          name: elicit("Your name?", { type: "object", properties: { name: { type: "string" } }, required: ["name"] }),
          confirm: elicit("Proceed?", confirmSchema),
        });
      }
      return `name: ${String(accepted(ctx, "name")?.name)}, confirmed: ${String(accepted(ctx, "confirm")?.confirm)}`;
    },
  },
  {
    name: "test_tool_with_task",
    description: "Asks for a name before the task is created, then greets from the task",
    execution: {
      taskSupport: "required",
      beforeTask: (_args, ctx) => {
        const answer = accepted(ctx, "user_name");
        if (answer && typeof answer.name === "string") return answer.name;
        return inputRequired({ user_name: elicit("What is your name?", { type: "object", properties: { name: { type: "string" } }, required: ["name"] }) });
      },
    },
    handler: async (_args, ctx) => {
      await sleep(100, ctx.signal);
      return `Hello, ${String(ctx.state)}!`;
    },
  },
];
