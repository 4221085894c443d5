import { isInputMethod, type InputKind, type InputMethod, type InputResponse, type McpError } from "../index";
import type { CallRecord } from "./model";
import { groupRounds } from "./rounds";
import { diffCall, type CallDiff } from "./diff";
import { recordedAnswer } from "./replayMatch";

/** A question the replayed call was asked, as the host's input handlers see it. */
export interface ReplayQuestion {
  round: number;
  key: string;
  kind: InputKind;
  params: Record<string, unknown>;
}

/** How the replay answers a question of the replayed call: the recorded answer, or a refusal. */
export type ReplayDecision = { kind: "answer"; response: InputResponse } | { kind: "refuse"; error: McpError };

/**
 * What a replay needs from whoever runs calls (the app's controller, later a CLI): a live
 * connection, and a way to run one call whose questions (and only its own) go to `answer`,
 * resolving to that call's finished record.
 */
export interface ReplayHost {
  connected(): boolean;
  run(method: InputMethod, params: Record<string, unknown>, answer: (q: ReplayQuestion) => ReplayDecision): Promise<CallRecord | undefined>;
}

/**
 * Runs one recorded call again. While it runs, its questions are answered from the recording,
 * round by round (replayMatch.ts); the user is not asked.
 */
function replayOne(host: ReplayHost, recorded: CallRecord): Promise<CallRecord | undefined> {
  const rounds = groupRounds(recorded);
  const used = new Map<number, Set<string>>();
  return host.run(recorded.method as InputMethod, recorded.params, (q) => {
    if (!used.has(q.round)) used.set(q.round, new Set());
    const a = recordedAnswer(rounds, q.round, { key: q.key, kind: q.kind, params: q.params }, used.get(q.round) as Set<string>);
    return a.kind === "answer" ? { kind: "answer", response: a.response } : { kind: "refuse", error: a.error };
  });
}

/** Replays every recorded call in order, one at a time, and diffs each against its recording. */
export async function replayCalls(host: ReplayHost, calls: readonly CallRecord[], onDiff: (diffs: CallDiff[]) => void = () => undefined): Promise<CallDiff[]> {
  if (!host.connected()) {
    throw new Error("Not connected: the replay runs the recorded calls on the current connection, so connect to a server first.");
  }
  const diffs: CallDiff[] = [];
  for (const recorded of calls) {
    if (!isInputMethod(recorded.method)) continue;
    diffs.push(diffCall(recorded, await replayOne(host, recorded)));
    onDiff([...diffs]);
  }
  return diffs;
}
