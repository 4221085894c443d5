/**
 * What the task card shows, read from one call's recorded events (src/core/tasks reports them):
 * the status over time, each poll and its timing, the answers sent and how they travelled, the end.
 * Pure: the same record always gives the same view, and a live call and a recording read alike.
 */
import type { AnswerTravel, Era, McpError, RequestId, TaskStatus } from "../../../core";
import type { CallEvent, CallRecord } from "../../../core/recording";

export interface TaskStatusStep {
  /** undefined: a status this client does not know (the call then fails in words). */
  status: TaskStatus | undefined;
  message: string | undefined;
  at: number;
}

export interface TaskPoll {
  poll: number;
  at: number;
  /** The tasks/get round trip. */
  ms: number;
  status: TaskStatus | undefined;
  /** What the server asked for, and what the client waits (after its floor and ceiling). */
  serverPollIntervalMs: number | undefined;
  nextPollInMs: number;
}

export interface TaskAnswerSent {
  keys: string[];
  travel: AnswerTravel;
  requestId: RequestId;
  at: number;
}

export interface TaskView {
  taskId: string;
  era: Era;
  createdAt: number;
  ttlMs: number | null;
  /** The status now: the last one reported. */
  status: TaskStatus | undefined;
  statusMessage: string | undefined;
  timeline: TaskStatusStep[];
  polls: TaskPoll[];
  answers: TaskAnswerSent[];
  /** The client asked the server to stop it (tasks/cancel), and why. */
  cancelRequested: { reason: string; at: number } | undefined;
  finished: { status: TaskStatus | undefined; polls: number; ms: number; error: McpError | undefined; at: number } | undefined;
}

/** How a task's answers reach the server in an era (ext-tasks `tasks/update`; 2025-11-25 live requests on tasks/result). */
export function answerTravel(era: Era): AnswerTravel {
  return era === "modern" ? "tasks/update" : "live request";
}

export function travelText(travel: AnswerTravel): string {
  return travel === "tasks/update" ? "sent with tasks/update (2026-07-28)" : "answers a live request on tasks/result (2025-11-25)";
}

/** The task a call became, or undefined when it ran as an ordinary call. */
export function taskOf(call: CallRecord): TaskView | undefined {
  let view: TaskView | undefined;
  for (const event of call.events as CallEvent[]) {
    if (event.type === "taskCreated") {
      view = {
        taskId: event.task.taskId,
        era: event.era,
        createdAt: event.at,
        ttlMs: event.task.ttlMs,
        status: event.task.status,
        statusMessage: event.task.statusMessage,
        timeline: [],
        polls: [],
        answers: [],
        cancelRequested: undefined,
        finished: undefined,
      };
      continue;
    }
    if (!view) continue;
    switch (event.type) {
      case "taskStatus":
        view.status = event.task.status;
        view.statusMessage = event.task.statusMessage;
        view.timeline.push({ status: event.task.status, message: event.task.statusMessage, at: event.at });
        break;
      case "taskPolled":
        view.polls.push({ poll: event.poll, at: event.at, ms: event.ms, status: event.status, serverPollIntervalMs: event.serverPollIntervalMs, nextPollInMs: event.nextPollInMs });
        break;
      case "taskInputSent":
        view.answers.push({ keys: event.keys, travel: event.travel, requestId: event.requestId, at: event.at });
        break;
      case "taskCancelRequested":
        view.cancelRequested = { reason: event.reason, at: event.at };
        break;
      case "taskFinished":
        view.finished = { status: event.status, polls: event.polls, ms: event.ms, error: event.error, at: event.at };
        break;
      default:
        break;
    }
  }
  return view;
}

/** Whether a call's questions belong to a task, and how their answers travel; undefined for an ordinary call. */
export function taskTravelOf(call: CallRecord | undefined): AnswerTravel | undefined {
  const created = call?.events.find((e) => e.type === "taskCreated");
  return created?.type === "taskCreated" ? answerTravel(created.era) : undefined;
}

/** `+1.2 s` from the task's creation; `+340 ms` under a second. */
export function sinceCreated(at: number, createdAt: number): string {
  const ms = Math.max(0, at - createdAt);
  return ms < 1000 ? `+${Math.round(ms)} ms` : `+${(ms / 1000).toFixed(1)} s`;
}

/** The poll timing in words: "every 500 ms (server asked 0 ms; floor 100 ms)" style. */
export function pollTiming(polls: readonly TaskPoll[]): string {
  if (polls.length === 0) return "not polled yet";
  const last = polls[polls.length - 1] as TaskPoll;
  const asked = last.serverPollIntervalMs === undefined ? "the server suggested none" : `the server asked ${last.serverPollIntervalMs} ms`;
  const avg = Math.round(polls.reduce((sum, p) => sum + p.ms, 0) / polls.length);
  return `${polls.length} ${polls.length === 1 ? "poll" : "polls"}; next in ${last.nextPollInMs} ms (${asked}); round trip ${avg} ms on average`;
}

export interface TaskRequestLine {
  method: string;
  count: number;
  /** Request ids when few, or what the request is for. */
  note: string;
}

/** The requests the task made after the call became one, for the rounds panel. */
export function taskRequests(task: TaskView): TaskRequestLine[] {
  const lines: TaskRequestLine[] = [{ method: "tasks/get", count: task.polls.length, note: "polls for the status" }];
  if (task.era === "modern") {
    if (task.answers.length > 0) {
      lines.push({ method: "tasks/update", count: task.answers.length, note: `answers ${task.answers.map((a) => `${a.keys.join(", ")} (request ${String(a.requestId)})`).join("; ")}` });
    }
  } else {
    lines.push({ method: "tasks/result", count: 1, note: "held open: the task's questions arrive on it as live requests, then its result" });
  }
  if (task.cancelRequested) lines.push({ method: "tasks/cancel", count: 1, note: task.cancelRequested.reason });
  return lines;
}
