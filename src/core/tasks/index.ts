// The client core's tasks (issue 16): what the app and other adapters may use. Anything not listed is internal.
export { TASKS_EXTENSION, RELATED_TASK, TASK_STATUSES, TASK_DEFAULTS, isTerminalStatus } from "./types";
export type { TaskStatus, TaskSnapshot, TaskOptions, TaskEvent, AnswerTravel } from "./types";
export type { TaskHandle, TaskHost } from "./runner";
export { effectivePollMs, checkTransition, readTask } from "./parse";
export { tasksDeclared } from "./drive";
