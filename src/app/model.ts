/**
 * The types several features share, in one place: a call as recorded (with its events), its rounds,
 * a wire-log frame, who answered an input. They live in the framework-free recording module
 * (src/core/recording), so session files, diffs and replays use the very same shapes.
 */
export type { AutoSource, CallEvent, CallRecord, WireEntry, InputView, RetryView, RoundView } from "../core/recording";
export { groupRounds } from "../core/recording";
