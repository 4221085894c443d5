import { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import type { ElicitResult, InputResponses } from "../protocol/types";
import { answerOne, hold, nextRound, type CallHost, type CallState } from "./callSteps";
import type { RetryDraft } from "./events";
import { MAX_SAME_URL_REQUESTS, definesUrlRequired, explainUrlRequired, readUrlRequired, urlSetKey } from "./urlRequired";

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
