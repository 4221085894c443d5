/**
 * Hostile tasks: one tool per way a task can go wrong. All run only as tasks, so a
 * client that takes tasks always meets the fault; one that does not is refused in words. What the
 * client does about each is in README "Tasks".
 */
import { sample } from "../../core/protocol";
import { inputRequired, type ToolDefinition } from "../definitions";
import { sleep } from "../tasks/sleep";

const FOREVER = 24 * 3_600_000;

/** A handler that never returns: only the task's end (cancel, TTL, the client giving up) stops it. */
const waitForever: ToolDefinition["handler"] = async (_args, ctx) => {
  await sleep(FOREVER, ctx.signal);
  return "unreachable";
};

export const hostileTaskTools: ToolDefinition[] = [
  {
    name: "task-never-finishes",
    title: "Task that never finishes",
    description: "Stays working forever, with no TTL: only the client's own time limit ends it",
    execution: { taskSupport: "required", ttlMs: null, pollIntervalMs: 200 },
    handler: waitForever,
  },
  {
    name: "task-status-backwards",
    title: "Task whose status goes backwards",
    description: "Says completed when created, then working again on the next poll",
    execution: {
      taskSupport: "required",
      pollIntervalMs: 200,
      hostile: { view: (view, poll) => ({ ...view, status: poll === 0 ? "completed" : "working", statusMessage: poll === 0 ? "done!" : "working again" }) },
    },
    handler: waitForever,
  },
  {
    name: "task-unknown-status",
    title: "Task with an unknown status",
    description: "Reports the status \"paused\", which MCP does not have",
    execution: { taskSupport: "required", pollIntervalMs: 200, hostile: { view: (view, poll) => (poll === 0 ? view : { ...view, status: "paused" }) } },
    handler: waitForever,
  },
  {
    name: "task-zero-poll",
    title: "Task that asks to be polled every 0 ms",
    description: "Finishes after about a second, asking for a poll interval of 0 ms throughout",
    execution: { taskSupport: "required", pollIntervalMs: 0 },
    handler: async (_args, ctx) => {
      await sleep(1_000, ctx.signal);
      return "Done after a second of 0 ms polls";
    },
  },
  {
    name: "task-vanishes",
    title: "Task that disappears",
    description: "Answers two polls, then says it never heard of the task",
    execution: { taskSupport: "required", pollIntervalMs: 200, hostile: { view: (view, poll) => (poll >= 2 ? undefined : view) } },
    handler: waitForever,
  },
  {
    name: "task-expires",
    title: "Task that expires",
    description: "Kept for 500 ms only (its TTL), while the work takes a minute",
    execution: { taskSupport: "required", ttlMs: 500, pollIntervalMs: 200 },
    handler: async (_args, ctx) => {
      await sleep(60_000, ctx.signal);
      return "unreachable";
    },
  },
  {
    name: "task-asks-undeclared",
    title: "Task that asks for sampling regardless",
    description: "Mid-task, asks for a completion even when the client did not declare sampling",
    execution: { taskSupport: "required", pollIntervalMs: 200, hostile: { askUndeclared: true } },
    handler: (_args, ctx) =>
      Object.keys(ctx.inputResponses).length > 0 ? "The client answered after all" : inputRequired({ model: sample("Say something the user did not allow") }),
  },
];
