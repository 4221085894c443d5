/**
 * What `call` and `replay` print: a call's rounds (each question, its answer and who gave it, the
 * decoded requestState), its result, and a replay's per-round differences, as text or as JSON.
 * Every string from a server goes through safeText: escape sequences are shown, never obeyed.
 */
import { isObject, type DecodedState, type InputRequest } from "../core";
import { differenceWords, groupRounds, MAX_FIELD_DIFFERENCES, questionOf, type CallDiff, type CallRecord, type RoundDiff } from "../core/recording";
import { safeText } from "./terminal";

/** Who answered each question of a call, by `round\0key`: "answers file: <name>", "terminal", "declined", ... */
export type AnsweredBy = Map<string, string>;

export const byKey = (round: number, key: string): string => `${round}\u0000${key}`;

/** A decoded token in one line: the presa payload's method, caller, state and times, a JWT's claims, or why it is opaque. */
export function describeState(d: DecodedState | undefined): unknown {
  if (!d) return undefined;
  if (d.kind === "presa") return { kind: "presa", method: d.payload.m, caller: d.payload.c, state: d.payload.s, issuedAt: new Date(d.issuedAt).toISOString(), expiresAt: new Date(d.expiresAt).toISOString() };
  if (d.kind === "jwt") return { kind: "jwt", alg: d.alg, payload: d.payload };
  if (d.kind === "json") return { kind: "json", value: d.value };
  return { kind: "opaque", length: d.length, reason: d.reason };
}

function questionText(request: InputRequest): string {
  return questionOf(request.method, (request.params ?? {}) as Record<string, unknown>);
}

/** A call as plain JSON: rounds, questions with answers and who gave them, decoded tokens, result or error. */
export function callJson(call: CallRecord, by: AnsweredBy): Record<string, unknown> {
  return {
    ok: !call.error,
    method: call.method,
    target: call.target,
    params: call.params,
    revision: call.revision,
    rounds: groupRounds(call).map((r) => ({
      index: r.index,
      era: r.era,
      inputs: r.inputs.map((i) => ({
        key: i.key,
        question: questionText(i.request),
        request: i.request,
        ...(i.answer !== undefined ? { answer: i.answer } : {}),
        ...(i.error ? { error: i.error.message } : {}),
        ...(by.has(byKey(r.index, i.key)) ? { by: by.get(byKey(r.index, i.key)) } : {}),
      })),
      ...(r.requestState !== undefined ? { requestState: r.requestState, decodedState: describeState(r.decodedState) } : {}),
    })),
    ...(call.result ? { result: call.result } : {}),
    ...(call.error ? { error: { kind: call.error.kind, message: call.error.message, ...(call.error.code !== undefined ? { code: call.error.code } : {}) } } : {}),
  };
}

function compact(v: unknown, max = 200): string {
  const s = JSON.stringify(v) ?? "undefined";
  return s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s;
}

/** A result's content as lines: text as text, other blocks named. */
export function resultLines(result: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const blocks = Array.isArray(result.content) ? result.content : Array.isArray(result.contents) ? result.contents : [];
  for (const b of blocks) {
    if (!isObject(b)) continue;
    if (typeof b.text === "string") lines.push(safeText(b.text));
    else if (b.type === "resource_link") lines.push(`[link ${safeText(String(b.uri))}]`);
    else if (typeof b.blob === "string" || typeof b.data === "string") lines.push(`[${String(b.type ?? "blob")} ${safeText(String(b.mimeType ?? ""))}, ${String((b.blob ?? b.data) as string).length} base64 characters]`);
    else lines.push(safeText(compact(b)));
  }
  for (const m of Array.isArray(result.messages) ? result.messages : []) {
    if (!isObject(m)) continue;
    const content = isObject(m.content) && typeof m.content.text === "string" ? m.content.text : compact(m.content);
    lines.push(`${safeText(String(m.role))}: ${safeText(content)}`);
  }
  if (result.structuredContent !== undefined) lines.push(`structuredContent: ${safeText(compact(result.structuredContent, 2000))}`);
  if (result.isError === true) lines.unshift("(the tool reported an error: isError true)");
  return lines;
}

/**
 * Which request brought a round's questions. Only 2026-07-28 retries: its round n came back from retry
 * n-1. An initialize-era round is live requests the server sent inside the one call (or a -32042 error,
 * after which the request goes again), so it is never "after retry".
 */
function roundOrigin(r: ReturnType<typeof groupRounds>[number]): string {
  if (r.era === "modern") return `${r.index === 1 ? "original call" : `after retry ${r.index - 1}`}, input_required`;
  if (r.kind === "urlRequired") return "error -32042 URL elicitation required";
  return `live request${r.serverRequestId !== undefined ? ` #${String(r.serverRequestId)}` : "s"} within the call, server requests`;
}

/** A call in words, round by round, then its result or error. */
export function callText(call: CallRecord, by: AnsweredBy, where: string): string {
  const out: string[] = [`${call.method} ${safeText(call.target)} on ${where} (${call.revision ?? "?"})`];
  for (const r of groupRounds(call)) {
    out.push(`round ${r.index} (${roundOrigin(r)})`);
    for (const i of r.inputs) {
      const answer = i.error ? `refused: ${safeText(i.error.message)}` : i.answer !== undefined ? compact(i.answer) : "no answer";
      const who = by.get(byKey(r.index, i.key));
      out.push(`  ${safeText(i.key)}: ${safeText(questionText(i.request))} → ${safeText(answer)}${who ? ` [${safeText(who)}]` : ""}`);
    }
    if (r.requestState !== undefined) {
      out.push(`  requestState: ${safeText(r.requestState.length > 60 ? `${r.requestState.slice(0, 60)}… (${r.requestState.length} characters)` : r.requestState)}`);
      out.push(`  decoded: ${safeText(compact(describeState(r.decodedState), 1000))}`);
    }
  }
  if (call.error) out.push(`error: ${safeText(call.error.message)}`);
  else if (call.result) out.push("result:", ...resultLines(call.result).map((l) => `  ${l}`));
  return out.join("\n");
}

function roundWords(r: RoundDiff): string {
  if (r.change === "added") return `round ${r.index} is new (not in the recording)`;
  if (r.change === "removed") return `round ${r.index} did not happen (the recording had it)`;
  const parts = r.inputs.filter((i) => i.change !== "same").map((i) => {
    if (i.change === "added") return `new question ${i.key}: ${i.after ? questionText(i.after) : ""}`;
    if (i.change === "removed") return `question ${i.key} no longer asked (${i.before ? questionText(i.before) : ""})`;
    const b = i.before ? questionText(i.before) : "";
    const a = i.after ? questionText(i.after) : "";
    return b === a ? `question ${i.key} changed: ${compact(i.before?.params)} → ${compact(i.after?.params)}` : `question ${i.key} changed: ${b} → ${a}`;
  });
  return `round ${r.index} changed: ${parts.join("; ")}`;
}

function outcomeWords(o: CallDiff["outcome"]["before"]): string {
  if (o.kind === "none") return "no outcome";
  if (o.kind === "error") return `error${o.code !== undefined ? ` ${o.code}` : ""}: ${o.message}`;
  const text = resultLines(o.value).join(" | ");
  return text ? `result ${text}` : `result ${compact(o.value)}`;
}

/** Every difference of one replayed call, one sentence each, rounds first; empty when it behaved as recorded. */
export function diffSentences(d: CallDiff): string[] {
  const out = d.rounds.filter((r) => r.change !== "same").map(roundWords);
  if (d.outcome.change === "changed") {
    const fields = d.outcome.fields.slice(0, MAX_FIELD_DIFFERENCES).map(differenceWords).join("; ");
    if (d.outcome.envelopeOnly) out.push(`outcome differs only in protocol envelope fields: ${fields}`);
    else out.push(`outcome changed: ${outcomeWords(d.outcome.before)} → ${outcomeWords(d.outcome.after)}${fields ? ` (${fields})` : ""}`);
  }
  return out.map(safeText);
}

/** The first round that differs, for a one-line summary and the JUnit message. */
export function firstChangedRound(d: CallDiff): number | undefined {
  return d.rounds.find((r) => r.change !== "same")?.index;
}

export function replayText(diffs: readonly CallDiff[]): string {
  const out: string[] = [];
  for (const d of diffs) {
    const name = `${d.method} ${safeText(d.target)}`;
    if (d.same) out.push(`✓ ${name}: same as recorded (${d.rounds.length} round${d.rounds.length === 1 ? "" : "s"})`);
    else out.push(`✗ ${name}: differs`, ...diffSentences(d).map((s) => `    ${s}`));
  }
  const changed = diffs.filter((d) => !d.same).length;
  out.push(changed === 0 ? `${diffs.length} call${diffs.length === 1 ? "" : "s"} replayed: behaviour matches the recording` : `${changed} of ${diffs.length} calls differ from the recording`);
  return out.join("\n");
}

export function replayJson(diffs: readonly CallDiff[]): Record<string, unknown> {
  return {
    same: diffs.every((d) => d.same),
    calls: diffs.map((d) => ({ method: d.method, target: d.target, same: d.same, changes: diffSentences(d), rounds: d.rounds, outcome: d.outcome })),
  };
}
