/** MCP authorization, framework-free: see oauth.ts for the flow, stepLog.ts for the guided log. */
export { OAuthClient, AuthFlowError, bearerChallenge } from "./oauth";
export type { BearerChallenge } from "./oauth";
export type { AuthorizeStep, OAuthClientOptions, PreRegisteredClient, TokenSet, AuthStatus } from "./oauth";
export { AuthStepLog, redactBody, redactHeaders, redactHeaderValue, redactUrl } from "./stepLog";
export type { AuthStage, AuthStep, AuthHttpRecord, AuthHttpResponseRecord } from "./stepLog";
export { redirectFollower, isCallback } from "./userAgent";
export type { RedirectFollowerOptions } from "./userAgent";
