/**
 * Recordings, framework-free: the call record model, a call's rounds, session files (export with
 * tokens redacted, import checked part by part), the per-round diff of two runs of a call, and
 * replay against any host that can run calls. The app uses it through its stores; a CLI can too.
 * Named exports only: what the app, the command line and the tests use.
 */
export {
  questionOf,
  type CallEvent,
  type CallRecord,
  type AutoSource,
} from "./model";
export {
  toWireEntry,
  entryMessage,
  type FrameKind,
  type WireEntry,
} from "./wireEntry";
export {
  groupRounds,
  type InputView,
  type RetryView,
  type RoundView,
} from "./rounds";
export {
  exportSession,
  parseSession,
  REDACTED,
  type LoadedSession,
} from "./sessionFile";
export {
  diffCall,
  type InputDiff,
  type RoundDiff,
  type Outcome,
  type CallDiff,
} from "./diff";
export {
  replayCalls,
  type ReplayQuestion,
  type ReplayDecision,
  type ReplayHost,
} from "./replay";
export {
  isCallEvent,
  openRecord,
  addEvent,
  recordCall,
} from "./record";
export {
  targetOf,
  findCanned,
  isCannedAnswer,
  exportAnswers,
  parseAnswers,
  type CannedKind,
  CANNED_KINDS,
  type CannedAnswer,
  cannedKindOf,
} from "./canned";
