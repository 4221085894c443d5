import { McpError, isObject, runsAsTask, type ClientCapabilities, type Clock, type Connection, type InputRequest, type RequestId } from "../core/protocol";

/** What the server asks for and how often it polls a client-side task; polls stay between these bounds whatever the client suggests. */
const ASK_TTL_MS = 600_000;
const MIN_POLL_MS = 50;
const MAX_POLL_MS = 1_000;

/** Whether a question goes to this client as a task: 2025-11-25 and the client declared `tasks.requests` for its kind. */
export function asksAsTask(revision: string, caps: ClientCapabilities, request: InputRequest): boolean {
  return revision === "2025-11-25" && runsAsTask(caps, request.method);
}

/**
 * Asks one question as a client-side task (2025-11-25 "Tasks", the server as requestor): sends it
 * with a `task` parameter, polls `tasks/get` at the client's suggested interval until the task ends,
 * then fetches the answer with `tasks/result`. A cancelled request cancels the task (`tasks/cancel`).
 */
export async function askAsTask(
  connection: Connection,
  request: InputRequest,
  params: Record<string, unknown>,
  options: { relatedRequestId: RequestId; signal: AbortSignal; clock: Clock },
): Promise<Record<string, unknown>> {
  const send = { relatedRequestId: options.relatedRequestId, signal: options.signal };
  const created = await connection.request(request.method, { ...params, task: { ttl: ASK_TTL_MS } }, send);
  const task = created.task;
  // A client may answer at once instead (spec: a receiver that does not run it as a task answers normally).
  if (!isObject(task)) return created;
  const taskId = task.taskId;
  if (typeof taskId !== "string") throw new McpError({ kind: "protocol", message: "the client's CreateTaskResult has no taskId" });
  let status = task.status;
  let interval = task.pollInterval;
  while (status === "working" || status === "input_required") {
    const wait = typeof interval === "number" && Number.isFinite(interval) ? Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, interval)) : MAX_POLL_MS;
    await sleep(options.clock, wait, options.signal).catch(async (e: unknown) => {
      await connection.request("tasks/cancel", { taskId }, { relatedRequestId: options.relatedRequestId }).catch(() => undefined);
      throw e;
    });
    const polled = await connection.request("tasks/get", { taskId }, send);
    status = polled.status;
    interval = polled.pollInterval;
  }
  if (status !== "completed") throw new McpError({ kind: "protocol", message: `the client's task for ${request.method} ended ${String(status)}` });
  const { _meta: _related, ...answer } = await connection.request("tasks/result", { taskId }, send);
  return answer;
}

function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new McpError({ kind: "cancelled", message: "request was cancelled by the client" }));
    const timer = clock.setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clock.clearTimeout(timer);
      reject(new McpError({ kind: "cancelled", message: "request was cancelled by the client" }));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
