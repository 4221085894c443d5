/**
 * The public entry of the client core: everything outside src/core imports from here (recordings
 * from src/core/recording/index.ts), never from a file inside. eslint.config.js enforces it.
 *
 * Layers, lowest first: util, jsonrpc (plain JSON-RPC 2.0), errors, protocol (MCP vocabulary),
 * transport (imports jsonrpc, never the reverse), state (requestState tokens), input (builders),
 * mcp (the client and its call runner).
 */

// The client and the call as an object
export { connect, Client, type ClientSnapshot } from "./mcp/client";
export type { CallHandle, CallMethod, CallOutcome } from "./mcp/call";
export type { CallOptions } from "./mcp/callRunner";
export type { ClientEvent, RetryDraft, StepDecision, StepHook } from "./mcp/events";
export { DEFAULT_MAX_ROUNDS, DEFAULT_CLIENT_INFO, declaredCapabilities, type ConnectOptions, type InputHandlers, type InputContext, type StandingRoots } from "./mcp/options";
export type { ListenHandle, ListenOptions } from "./mcp/subscriptions";
export { text } from "./mcp/text";
export { MAX_SAME_URL_REQUESTS, definesUrlRequired, urlRequiredOutsideRevision } from "./mcp/urlRequired";
export { checkRoots } from "./mcp/standingRoots";

// Tasks: a call that became a task, followed in both eras (polls, questions, cancel)
export { TASKS_EXTENSION, RELATED_TASK, TASK_STATUSES, TASK_DEFAULTS, isTerminalStatus } from "./tasks/types";
export type { TaskStatus, TaskSnapshot, TaskOptions, TaskEvent, AnswerTravel } from "./tasks/types";
export type { TaskHandle } from "./tasks/runner";
export type { TaskCallOptions } from "./tasks/drive";
export { tasksDeclared } from "./tasks/drive";
export { effectivePollMs, checkTransition, readTask } from "./tasks/parse";

// Errors
export { McpError, toMcpError, type ErrorKind, type FrameProblem, type LocalReason, type McpErrorInit, type ProcessExit } from "./errors";

// JSON-RPC
export { Connection, systemClock, type Clock, type Frame, type IncomingContext, type RequestOptions } from "./jsonrpc/connection";
export type { Channel, ChannelEvent, SendOptions } from "./jsonrpc/channel";
export { Emitter } from "./jsonrpc/events";
export { HumanWaits, pausedWhileWaiting } from "./jsonrpc/humanWaits";
export { PendingRequests } from "./jsonrpc/pending";
export { MAX_FRAME_LENGTH, MAX_FRAME_DEPTH, formatSize } from "./jsonrpc/limits";
export {
  errorResponse,
  isErrorResponse,
  isNotification,
  isRequest,
  isResponse,
  isResultResponse,
  notification,
  parseFrame,
  request,
  resultResponse,
  type JsonRpcErrorObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
} from "./jsonrpc/messages";
export { isObject } from "./util/isObject";
export { copyOwn } from "./util/copyOwn";

// URLs a server asks the user to open (URL-mode elicitation): what they really point at
export { classifyHost, type HostClass, type HostKind } from "./url/hostKind";
export { checkUrl, COLLAPSE_URL, LONG_URL, WARNING_TEXT, type HostParts, type UrlCheck, type UrlWarning } from "./url/urlCheck";

// MCP vocabulary
export { covers, elicitationMode, mergeCapabilities, requiredCapability, capabilitiesFor, capabilitiesFromModes, type CapabilityKey, type CapabilityMode } from "./protocol/capabilities";
export { ErrorCode, errorCodeName } from "./protocol/codes";
export { META, INPUT_METHODS, isInputMethod, type InputMethod } from "./protocol/meta";
export { REVISIONS, REVISIONS_NEWEST_FIRST, LATEST, eraOf, isRevision, newestFirst, bestMutual, type Era, type Revision } from "./protocol/revisions";
export {
  INPUT_KINDS,
  LOG_LEVELS,
  type CallToolResult,
  type ClientCapabilities,
  type ContentBlock,
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitParams,
  type ElicitResult,
  type GetPromptResult,
  type Implementation,
  type InputKind,
  type InputRequest,
  type InputRequests,
  type InputResponse,
  type InputResponses,
  type JsonObject,
  type JsonValue,
  type ListRootsResult,
  type LogLevel,
  type Prompt,
  type PromptArgument,
  type PromptMessage,
  type ReadResourceResult,
  type Resource,
  type ResourceContents,
  type ResourceTemplate,
  type Root,
  type ServerCapabilities,
  type SubscriptionFilter,
  type Tool,
  type Icon,
} from "./protocol/types";
export { MAX_DATA_ICON_LENGTH, MAX_HTTPS_ICON_LENGTH, MAX_ICONS_PER_ITEM, pickIcon, vetIcon, vetIcons, type IconSet, type IconVerdict, type RefusedIcon, type VettedIcon } from "./protocol/icons";
export {
  blocksOf,
  offeredTools,
  samplingConversation,
  samplingMessagesProblem,
  samplingReplyProblem,
  toolChoiceMode,
  type ConversationTurn,
  type SamplingBlock,
} from "./protocol/samplingTools";

// Transports
export type { Transport, TransportCapabilities, TransportEvent } from "./transport/transport";
export { StreamableHttpTransport, type StreamableHttpOptions, type HttpAuth } from "./transport/streamableHttp";
export { LegacySseTransport, type LegacySseOptions } from "./transport/legacySse";
export { AutoHttpTransport, type AutoHttpOptions } from "./transport/autoHttp";
export { inProcessPair, type InProcessTransport } from "./transport/inProcess";
export { bridgeFetch, bridgeInfo, describeExit, type BridgeEndpoint } from "./transport/bridge";
export { BridgeStdioTransport, type BridgeStdioOptions } from "./transport/bridgeStdio";
export {
  BRIDGE_EVENTS,
  BRIDGE_HEADERS,
  BRIDGE_PATHS,
  checkSpawnSpec,
  spawnSpecKey,
  type BridgeErrorBody,
  type BridgeErrorCode,
  type BridgeInfo,
  type ExitInfo,
  type SpawnSpec,
  type SpawnedSession,
} from "./transport/bridgeProtocol";
export { paramHeaders, validateToolHeaders, mcpNameSource } from "./transport/headers";
export { postHeaders, versionNamedBy } from "./transport/httpHeaders";
export { LineSplitter, type Line } from "./transport/lines";

// requestState tokens (the presa v2 format) and the inspector's decoder
export {
  TOKEN_PREFIX,
  TOKEN_VERSION,
  DIGEST_EXCLUDED_PARAMS,
  STATE_FAILURE_REASONS,
  base64urlDecode,
  base64urlEncode,
  constantTimeEqual,
  isPresaPayload,
  hasPresaFields,
  keyFromSecret,
  parseJsonText,
  readPayloadBytes,
  splitTokenDecoded,
  type PresaPayload,
  type StateFailureReason,
} from "./state/format";
export { encodePayloadPart, macOf, paramsDigest, payloadJson } from "./state/digest";
export { pureStateCrypto, type StateCrypto } from "./state/crypto";
export { canonicalJson } from "./state/jcs";
export { decodeRequestState, type DecodedState } from "./state/decode";
export { checkScope, verifyMac, type ExpiryCheck, type ScopeCheck } from "./state/check";

// MCP authorization (OAuth sign-in) and its guided step log
export {
  OAuthClient,
  AuthFlowError,
  bearerChallenge,
  AuthStepLog,
  redactBody,
  redactHeaders,
  redactHeaderValue,
  redactUrl,
  redirectFollower,
  isCallback,
  type BearerChallenge,
  type AuthorizeStep,
  type OAuthClientOptions,
  type PreRegisteredClient,
  type TokenSet,
  type AuthStatus,
  type AuthStage,
  type AuthStep,
  type AuthHttpRecord,
  type AuthHttpResponseRecord,
  type RedirectFollowerOptions,
} from "./auth";

// Input builders (for servers and tests)
export { elicit, elicitUrl, sample, roots, type SampleOptions } from "./input/builders";
