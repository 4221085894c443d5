/**
 * Recordings, framework-free: the call record model, a call's rounds, session files (export with
 * tokens redacted, import checked part by part), the per-round diff of two runs of a call, and
 * replay against any host that can run calls. The app uses it through its stores; a CLI can too.
 */
export * from "./model";
export * from "./wireEntry";
export * from "./rounds";
export * from "./sessionFile";
export * from "./diff";
export * from "./fieldDiff";
export * from "./replayMatch";
export * from "./replay";
export * from "./record";
export * from "./canned";
export * from "./answersFile";
