import { isObject, type InputRequest } from "../index";
import type { CallRecord } from "./model";
import { groupRounds, type InputView } from "./rounds";
import { pairInput } from "./replayMatch";
import { fieldDifferences, type FieldDifference } from "./fieldDiff";

export type Change = "same" | "changed" | "added" | "removed";

export interface InputDiff {
  /** The recorded key (the replayed one when the input is new). */
  key: string;
  change: Change;
  before: InputRequest | undefined;
  after: InputRequest | undefined;
}

export interface RoundDiff {
  index: number;
  change: Change;
  inputs: InputDiff[];
}

export type Outcome = { kind: "result"; value: Record<string, unknown> } | { kind: "error"; code: number | undefined; message: string } | { kind: "none" };

export interface CallDiff {
  method: string;
  target: string;
  recordedCallId: string;
  replayedCallId: string | undefined;
  same: boolean;
  rounds: RoundDiff[];
  outcome: OutcomeDiff;
}

/** The outcome of a call against its recording, with the fields that differ when it changed. */
export interface OutcomeDiff {
  change: "same" | "changed";
  before: Outcome;
  after: Outcome;
  /** Where the two results differ, field by field (empty when the same or when either is not a result). */
  fields: FieldDifference[];
  /** True when every difference is a protocol envelope field (`resultType`, `_meta`): the server said the same thing. */
  envelopeOnly: boolean;
}

/** JSON with object keys sorted, so two equal values print the same whatever order they were built in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

function withoutMeta(v: unknown): unknown {
  if (!isObject(v)) return v;
  const { _meta: _m, ...rest } = v;
  return rest;
}

/** How a call ended, without what differs on every run (`_meta`, and the token of a result). */
export function outcomeOf(call: CallRecord | undefined): Outcome {
  if (!call) return { kind: "none" };
  if (call.error) return { kind: "error", code: call.error.code, message: call.error.message };
  if (call.result) return { kind: "result", value: withoutMeta(call.result) as Record<string, unknown> };
  return { kind: "none" };
}

function sameRequest(a: InputRequest, b: InputRequest): boolean {
  return a.method === b.method && stableJson(withoutMeta(a.params ?? {})) === stableJson(withoutMeta(b.params ?? {}));
}

function diffInputs(before: readonly InputView[], after: readonly InputView[]): InputDiff[] {
  const used = new Set<string>();
  const diffs: InputDiff[] = [];
  const pairedAfter = new Set<InputView>();
  for (const a of after) {
    const twin = pairInput(before, { key: a.key, kind: a.request.method, params: (a.request.params ?? {}) as Record<string, unknown> }, used);
    if (!twin) continue;
    used.add(twin.key);
    pairedAfter.add(a);
    diffs.push({ key: twin.key, change: sameRequest(twin.request, a.request) ? "same" : "changed", before: twin.request, after: a.request });
  }
  for (const b of before) if (!used.has(b.key)) diffs.push({ key: b.key, change: "removed", before: b.request, after: undefined });
  for (const a of after) if (!pairedAfter.has(a)) diffs.push({ key: a.key, change: "added", before: undefined, after: a.request });
  return diffs;
}

/**
 * Where a replayed call differs from its recording, round by round: input requests added, removed
 * or changed (params compared without `_meta`), and the outcome. Tokens are not compared: they
 * carry issue times, so they differ on every run by design.
 */
export function diffCall(recorded: CallRecord, replayed: CallRecord | undefined): CallDiff {
  const before = groupRounds(recorded);
  const after = replayed ? groupRounds(replayed) : [];
  const indexes = [...new Set([...before.map((r) => r.index), ...after.map((r) => r.index)])].sort((a, b) => a - b);
  const rounds: RoundDiff[] = indexes.map((index) => {
    const b = before.find((r) => r.index === index);
    const a = after.find((r) => r.index === index);
    const inputs = diffInputs(b?.inputs ?? [], a?.inputs ?? []);
    const change: Change = !b ? "added" : !a ? "removed" : inputs.every((i) => i.change === "same") ? "same" : "changed";
    return { index, change, inputs };
  });
  const o = { before: outcomeOf(recorded), after: outcomeOf(replayed) };
  const outcomeSame = stableJson(o.before) === stableJson(o.after);
  const fields = !outcomeSame && o.before.kind === "result" && o.after.kind === "result" ? fieldDifferences(o.before.value, o.after.value) : [];
  return {
    method: recorded.method,
    target: recorded.target,
    recordedCallId: recorded.callId,
    replayedCallId: replayed?.callId,
    same: outcomeSame && rounds.every((r) => r.change === "same"),
    rounds,
    outcome: { change: outcomeSame ? "same" : "changed", ...o, fields, envelopeOnly: fields.length > 0 && fields.every((f) => f.envelope) },
  };
}
