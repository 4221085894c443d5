/**
 * Recordings, framework-free: the call record model, a call's rounds, session files (export with
 * tokens redacted, import checked part by part), the per-round diff of two runs of a call, and
 * replay against any host that can run calls. The app uses it through its stores; a CLI can too.
 */
export {
  type AutoSource,
  type CallEvent,
  type CallRecord,
  questionKindOf,
  questionOf,
} from "./model";
export {
  type FrameKind,
  type WireEntry,
  entryMessage,
  toWireEntry,
} from "./wireEntry";
export {
  type InputView,
  type RetryView,
  type RoundView,
  groupRounds,
} from "./rounds";
export {
  type LoadedSession,
  REDACTED,
  SESSION_SCHEMA_PATH,
  exportSession,
  parseSession,
} from "./sessionFile";
export {
  type CallDiff,
  type InputDiff,
  type Outcome,
  type OutcomeDiff,
  type RoundDiff,
  diffCall,
} from "./diff";
export {
  MAX_FIELD_DIFFERENCES,
  differenceWords,
} from "./fieldDiff";
export {
  pairInput,
} from "./replayMatch";
export {
  type ReplayDecision,
  type ReplayHost,
  type ReplayQuestion,
  replayCalls,
} from "./replay";
export {
  addEvent,
  isCallEvent,
  openRecord,
  recordCall,
} from "./record";
export {
  ANSWERS_SCHEMA_PATH,
  type CannedAnswer,
  type CannedKind,
  cannedKindOf,
  cannedKinds,
  exportAnswers,
  findCanned,
  isCannedAnswer,
  targetOf,
} from "./canned";
export {
  parseAnswers,
} from "./answersFile";
