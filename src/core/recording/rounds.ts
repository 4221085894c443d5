/**
 * Turns one call's event list into rounds for the timeline. Pure: the same events always give the
 * same rounds, and events that refer to a round never started (a broken core) open one rather than
 * being lost.
 */
import type { DecodedState, Era, InputRequest, InputResponse, InputResponses, McpError, RequestId } from "../index";
import type { CallEvent, CallRecord } from "./model";

/** One question of a round and what became of it. */
export interface InputView {
  key: string;
  request: InputRequest;
  askedAt: number | undefined;
  answeredAt: number | undefined;
  answer: InputResponse | undefined;
  error: McpError | undefined;
  /** How long the answer took (the handler or the person). */
  ms: number | undefined;
  /** What the retry carried for this key (2026-07-28); it differs from `answer` when edited in step mode. */
  sent: InputResponse | undefined;
  /** Changed in step mode before it went: the retry's value, or the live answer, is not the one given. */
  edited: boolean;
  /** "server": `notifications/elicitation/complete` answered this URL request (2025-11-25). */
  completedBy?: "server";
}

/** The retry (2026-07-28) that carried a round's answers back to the server. */
export interface RetryView {
  requestId: RequestId;
  at: number;
  edited: boolean;
  inputResponses: InputResponses;
  /** The token the retry echoed; undefined when it carried none. */
  requestState: string | undefined;
}

export interface RoundView {
  index: number;
  era: Era;
  /** "urlRequired": the server answered with -32042 and these are its URLs (2025-11-25); else an input round. */
  kind?: "urlRequired";
  /** urlRequired: the server's error message. */
  serverMessage?: string;
  startedAt: number;
  /** Initialize era: the live server request that opened the round. */
  serverRequestId: RequestId | undefined;
  inputs: InputView[];
  requestState: string | undefined;
  decodedState: DecodedState | undefined;
  /** Step mode: a retry (or answer) is waiting for the user. */
  held: boolean;
  retry: RetryView | undefined;
  /** Keys the retry answered that the round never asked (step-mode edits, or a client bug). */
  extraKeys: string[];
  /** Round start to the retry (2026) or to the last answer (initialize era); undefined until then. */
  msToRetry: number | undefined;
  /** Retry sent to the server's next word: the next round, or the end of the call. */
  serverMs: number | undefined;
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

function openRound(index: number, era: Era, at: number): RoundView {
  return {
    index,
    era,
    startedAt: at,
    serverRequestId: undefined,
    inputs: [],
    requestState: undefined,
    decodedState: undefined,
    held: false,
    retry: undefined,
    extraKeys: [],
    msToRetry: undefined,
    serverMs: undefined,
  };
}

function inputOf(round: RoundView, key: string, request?: InputRequest): InputView | undefined {
  let input = round.inputs.find((i) => i.key === key);
  if (!input && request) {
    input = { key, request, askedAt: undefined, answeredAt: undefined, answer: undefined, error: undefined, ms: undefined, sent: undefined, edited: false };
    round.inputs.push(input);
  }
  return input;
}

/** The rounds of one call in order, each with its questions, answers, token and retry. */
export function groupRounds(call: CallRecord): RoundView[] {
  const rounds = new Map<number, RoundView>();
  // Initialize era: the answer as the user was shown it while held, to tell an edit afterwards.
  const heldAnswers = new Map<string, InputResponse | undefined>();
  let lastEra: Era = "modern";
  let finishedAt: number | undefined;
  const roundOf = (index: number, at: number): RoundView => {
    let round = rounds.get(index);
    if (!round) {
      round = openRound(index, lastEra, at);
      rounds.set(index, round);
    }
    return round;
  };
  for (const event of call.events as CallEvent[]) {
    switch (event.type) {
      case "roundStarted": {
        lastEra = event.era;
        const round = roundOf(event.round, event.at);
        Object.assign(round, { era: event.era, startedAt: event.at, requestState: event.requestState, decodedState: event.decodedState });
        round.serverRequestId = event.serverRequestId;
        if (event.kind) Object.assign(round, { kind: event.kind, serverMessage: event.serverMessage });
        for (const [key, request] of Object.entries(event.inputRequests)) inputOf(round, key, request);
        break;
      }
      case "inputRequested": {
        const input = inputOf(roundOf(event.round, event.at), event.key, event.request);
        if (input) input.askedAt = event.at;
        break;
      }
      case "inputAnswered": {
        const round = roundOf(event.round, event.at);
        const input = round.inputs.find((i) => i.key === event.key);
        if (!input) break;
        Object.assign(input, { answer: event.response, error: event.error, ms: event.ms, answeredAt: event.at });
        if (event.completedBy) input.completedBy = event.completedBy;
        const heldKey = `${event.round}\u0000${event.key}`;
        if (heldAnswers.has(heldKey)) input.edited = !sameJson(heldAnswers.get(heldKey), event.response);
        if (round.era === "legacy") {
          round.held = round.inputs.some((i) => i.answeredAt === undefined && heldAnswers.has(`${event.round}\u0000${i.key}`));
          const all = round.inputs.every((i) => i.answeredAt !== undefined);
          round.msToRetry = all ? Math.max(...round.inputs.map((i) => (i.answeredAt ?? 0) - round.startedAt)) : undefined;
        }
        break;
      }
      case "retryHeld": {
        const round = roundOf(event.round, event.at);
        round.held = true;
        if (event.draft.era === "legacy") {
          for (const [key, answer] of Object.entries(event.draft.inputResponses)) heldAnswers.set(`${event.round}\u0000${key}`, answer);
        }
        break;
      }
      case "retrySent": {
        const round = roundOf(event.round, event.at);
        round.held = false;
        round.retry = {
          requestId: event.requestId,
          at: event.at,
          edited: event.edited,
          inputResponses: event.draft.inputResponses,
          requestState: event.draft.requestState,
        };
        round.msToRetry = event.at - round.startedAt;
        const sent = event.draft.inputResponses;
        for (const input of round.inputs) {
          input.sent = Object.prototype.hasOwnProperty.call(sent, input.key) ? sent[input.key] : undefined;
          input.edited = !sameJson(input.sent, input.answer);
        }
        round.extraKeys = Object.keys(sent).filter((k) => !round.inputs.some((i) => i.key === k));
        break;
      }
      case "callFinished":
        finishedAt = event.at;
        break;
      default:
        break;
    }
  }
  const ordered = [...rounds.values()].sort((a, b) => a.index - b.index);
  ordered.forEach((round, i) => {
    if (finishedAt !== undefined) round.held = false;
    if (!round.retry) return;
    const next = ordered[i + 1];
    const answeredAt = next ? next.startedAt : finishedAt;
    if (answeredAt !== undefined) round.serverMs = answeredAt - round.retry.at;
  });
  return ordered;
}
