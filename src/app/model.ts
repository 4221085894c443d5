/**
 * The types several features share, in one place: a call as recorded (with its events), its rounds,
 * a wire-log frame, who answered an input. They live in the framework-free recording module
 * (src/core/recording), so session files, diffs and replays use the very same shapes.
 */
export {
  type AutoSource,
  type CallEvent,
  type CallRecord,
  type WireEntry,
  type InputView,
  type RetryView,
  type RoundView,
  groupRounds,
} from "../core/recording";
