import { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import type { ElicitResult, InputRequests, InputResponses } from "../protocol/types";
import { isObject } from "../util/isObject";
import { checkInputRequest } from "./answerInput";
import { answerOne, hold, nextRound, type CallHost, type CallState } from "./callSteps";
import type { RetryDraft } from "./events";
import { definesUrlRequired, explainUrlRequired } from "./urlRequired";

/** How often the same set of URLs may be asked for before the call is stopped: the first ask and two retries. */
export const MAX_SAME_URL_REQUESTS = 3;

/**
 * One round of kind "urlRequired" (2025-11-25 URLElicitationRequiredError): each URL of the -32042
 * goes to the same URL handler as any URL elicitation, concurrently; once every one is completed (the
 * user's "done", or the server's `notifications/elicitation/complete`) the call is retried with the
 * returned new id. `asked` counts each set of URLs across the call: the same set asked for the
 * MAX_SAME_URL_REQUESTS-th time stops the call with an error in words instead of asking again.
 */
export async function answerUrlRequired(
  host: CallHost,
  state: CallState,
  error: McpError,
  asked: Map<string, number>,
  unlessAborted: <T>(work: Promise<T>) => Promise<T>,
): Promise<RequestId> {
  const { revision } = state.context;
  if (!definesUrlRequired(revision)) throw explainUrlRequired(error, revision);
  const inputRequests = readUrlRequired(error);
  const urls = Object.values(inputRequests).map((r) => (r.method === "elicitation/create" && "url" in r.params ? r.params.url : ""));
  const key = urlSetKey(inputRequests);
  const times = (asked.get(key) ?? 0) + 1;
  asked.set(key, times);
  if (times >= MAX_SAME_URL_REQUESTS) {
    const what = urls.length === 1 ? `the same URL (${urls[0]?.slice(0, 120)})` : `the same ${urls.length} URLs`;
    throw new McpError({
      kind: "protocol",
      code: error.code,
      data: error.data,
      reason: { type: "urlRequired", problem: "repeated", revision, asked: times },
      message: `the server asked for ${what} ${times} times with -32042, although the user completed ${urls.length === 1 ? "it" : "them"} each time; the client stopped retrying ${state.method}`,
    });
  }
  nextRound(state);
  host.emit({
    type: "roundStarted",
    callId: state.callId,
    round: state.round,
    era: "legacy",
    kind: "urlRequired",
    serverMessage: error.message.slice(0, 500),
    inputRequests,
    requestState: undefined,
    decodedState: undefined,
    at: host.clock.now(),
  });
  const answers = await unlessAborted(
    Promise.all(
      Object.entries(inputRequests).map(async ([id, request]) => {
        const slot = { context: state.context, callId: state.callId, round: state.round, key: id, era: "legacy" as const, signal: state.signal };
        return [id, await answerOne(host, slot, request)] as const;
      }),
    ),
  );
  for (const [id, answer] of answers) {
    const action = (answer as ElicitResult).action;
    if (action !== "accept") {
      throw new McpError({
        kind: "cancelled",
        code: error.code,
        data: error.data,
        message: `${state.method} needs the URL "${id}" completed first; the user chose ${String(action)}, so it was not retried`,
      });
    }
  }
  const inputResponses = Object.fromEntries(answers) as InputResponses;
  const draft: RetryDraft = { era: "legacy", callId: state.callId, method: state.method, round: state.round, params: state.params, inputResponses };
  // Step mode holds this retry like any other; it resends the original params, so only send or abort matter.
  await unlessAborted(hold(host, state, draft));
  const requestId = host.newId();
  host.emit({ type: "retrySent", callId: state.callId, round: state.round, requestId, kind: "urlRequired", draft, edited: false, at: host.clock.now() });
  return requestId;
}

/**
 * The URL requests of a -32042, keyed by `elicitationId`, each checked like any URL elicitation
 * (absolute http(s) only, length cap). A malformed list is the server's protocol error.
 */
export function readUrlRequired(error: McpError): InputRequests {
  const data = error.data;
  const list = isObject(data) ? data.elicitations : undefined;
  const fail = (why: string): McpError =>
    new McpError({
      kind: "protocol",
      code: error.code,
      data,
      message: `the server's -32042 (URL elicitation required) is malformed: ${why}`,
      reason: { type: "urlRequired", problem: "malformed", revision: undefined },
    });
  if (!Array.isArray(list) || list.length === 0) throw fail("data.elicitations is not a non-empty list");
  if (list.length > 20) throw fail(`it lists ${list.length} URLs; at most 20 are shown`);
  const requests: InputRequests = {};
  for (const [i, item] of list.entries()) {
    if (!isObject(item)) throw fail(`item ${i} is not an object`);
    if (item.mode !== "url") throw fail(`item ${i} is not URL mode`);
    const id = item.elicitationId;
    if (typeof id !== "string" || id === "" || id.length > 256) throw fail(`item ${i} has no elicitationId`);
    if (requests[id]) throw fail(`elicitationId ${JSON.stringify(id)} appears twice`);
    requests[id] = checkInputRequest(id, { method: "elicitation/create", params: item });
  }
  return requests;
}

/** The identity of a set of URL requests, to notice a server asking for the same ones again. */
export function urlSetKey(requests: InputRequests): string {
  const urls = Object.values(requests).map((r) => (r.method === "elicitation/create" && "url" in r.params ? r.params.url : ""));
  return JSON.stringify(urls.sort());
}
