export { connect, Client, type ClientSnapshot } from "./client";
export { text } from "./text";
export type { ClientEvent, RetryDraft, StepDecision, StepHook } from "./events";
export type { CallOptions } from "./callRunner";
export type { ListenHandle, ListenOptions, SubscriptionFilter } from "./subscriptions";
export { DEFAULT_MAX_ROUNDS, DEFAULT_CLIENT_INFO, declaredCapabilities, type ConnectOptions, type InputHandlers, type InputContext } from "./options";
export { newCallId, type CallHandle, type CallMethod, type CallOutcome } from "./call";
