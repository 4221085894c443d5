import { isInputMethod } from "../../../../core/protocol/meta";
import { isObject } from "../../../../core/protocol/types";
import type { AutoDecision } from "../../../lib/autoAnswer";
import type { Inspector } from "../../../lib/inspector";
import type { CallRecord } from "../../call/store/callsStore";
import { groupRounds } from "../../rounds/utils/groupRounds";
import { diffCall, type CallDiff } from "../utils/diffCalls";
import { recordedAnswer } from "../utils/replayMatch";

function runRecorded(inspector: Inspector, recorded: CallRecord): Promise<void> {
  const params = recorded.params;
  const args = isObject(params.arguments) ? params.arguments : {};
  switch (recorded.method) {
    case "tools/call":
      return inspector.callTool(String(params.name), args);
    case "prompts/get":
      return inspector.getPrompt(String(params.name), Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])));
    default:
      return inspector.readResource(String(params.uri));
  }
}

/**
 * Runs one recorded call again on the live connection. While it runs, its questions (and only its
 * own) are answered from the recording, round by round (replayMatch.ts); the user is not asked.
 */
async function replayOne(inspector: Inspector, recorded: CallRecord): Promise<CallRecord | undefined> {
  const rounds = groupRounds(recorded);
  const used = new Map<number, Set<string>>();
  let callId: string | undefined;
  const offStart = inspector.onClientEvent(({ event }) => {
    if (event.type === "callStarted" && callId === undefined) callId = event.callId;
  });
  const offAnswer = inspector.auto.use((input): AutoDecision | undefined => {
    if (callId === undefined || input.callId !== callId) return undefined;
    if (!used.has(input.round)) used.set(input.round, new Set());
    const a = recordedAnswer(rounds, input.round, { key: input.key, kind: input.kind, params: input.params }, used.get(input.round) as Set<string>);
    const source = { by: "replay" as const, name: `${recorded.method} ${recorded.target}` };
    return a.kind === "answer" ? { kind: "answer", response: a.response, source } : { kind: "refuse", error: a.error, source };
  }, 100);
  try {
    await runRecorded(inspector, recorded);
  } finally {
    offStart();
    offAnswer();
  }
  return callId === undefined ? undefined : inspector.calls.getState().calls[callId];
}

/** Replays every recorded call in order, one at a time, and diffs each against its recording. */
export async function replayCalls(inspector: Inspector, calls: readonly CallRecord[], onDiff: (diffs: CallDiff[]) => void = () => undefined): Promise<CallDiff[]> {
  if (inspector.connection.getState().status !== "connected") {
    throw new Error("Not connected: the replay runs the recorded calls on the current connection, so connect to a server first.");
  }
  const diffs: CallDiff[] = [];
  for (const recorded of calls) {
    if (!isInputMethod(recorded.method)) continue;
    diffs.push(diffCall(recorded, await replayOne(inspector, recorded)));
    onDiff([...diffs]);
  }
  return diffs;
}
