/**
 * The public entry of the client core: everything outside src/core imports from here (recordings
 * from src/core/recording/index.ts), never from a file inside. eslint.config.js enforces it.
 *
 * Layers, lowest first: util, jsonrpc (plain JSON-RPC 2.0), errors, protocol (MCP vocabulary),
 * transport (imports jsonrpc, never the reverse), state (requestState tokens), input (builders),
 * mcp (the client and its call runner), tasks (plugged into the runner: imports mcp, never the
 * reverse), client.ts (the Client with the task runner plugged in; lazyClient.ts the same, its call
 * rounds loaded on the first call).
 */

// The client and the call as an object
export { connect, Client } from "./client";
export { LazyClient, loadCallRounds } from "./lazyClient";
export type { CallHandle, CallOutcome } from "./mcp/call";

export type { ClientEvent, RetryDraft, StepDecision } from "./mcp/events";
export { DEFAULT_CLIENT_INFO, declaredCapabilities, type ConnectOptions, type InputHandlers, type InputContext } from "./mcp/options";
export type { ListenHandle } from "./mcp/subscriptions";
export { text } from "./mcp/text";
export { urlRequiredOutsideRevision } from "./mcp/urlRequired";

// Tasks: a call that became a task, followed in both eras (polls, questions, cancel)
export { TASKS_EXTENSION, RELATED_TASK } from "./protocol/tasks";
export type { TaskStatus, TaskSnapshot, AnswerTravel } from "./protocol/tasks";
export type { TaskHandle } from "./mcp/callHost";

export { COMPLETION_LIMITS, Completer, readCompletion, serverCompletes } from "./mcp/completions";
export type { CompletionQuery, CompletionRef, Suggestions } from "./mcp/completions";
export { serverSubscribes, updatedUri } from "./mcp/resourceWatch";
export type { ResourceWatch } from "./mcp/resourceWatch";
export { runsAsTask } from "./protocol/tasks";
export type { ClientTaskEvent } from "./mcp/clientTasks";

// Errors
export { McpError, toMcpError, type ErrorKind, type FrameProblem, type LocalReason, type ProcessExit } from "./errors";

// JSON-RPC
export { Connection, systemClock, type Clock, type Frame, type IncomingContext } from "./jsonrpc/connection";
export type { SendOptions } from "./jsonrpc/channel";
export { Emitter } from "./jsonrpc/events";
export { HumanWaits, pausedWhileWaiting } from "./jsonrpc/humanWaits";
export { PendingRequests } from "./jsonrpc/pending";

export {
  errorResponse,
  isErrorResponse,
  isRequest,
  isResponse,
  isResultResponse,
  notification,
  parseFrame,
  request,
  type JsonRpcErrorObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "./jsonrpc/messages";
export { isObject } from "./util/isObject";
export { copyOwn } from "./util/copyOwn";

// URLs a server asks the user to open (URL-mode elicitation): what they really point at
export { classifyHost, type HostKind } from "./url/hostKind";
export { checkUrl, COLLAPSE_URL, WARNING_TEXT, type UrlCheck, type UrlWarning } from "./url/urlCheck";

// MCP vocabulary
export { elicitationMode, mergeCapabilities, type CapabilityKey, type CapabilityMode } from "./protocol/capabilities";
export { ErrorCode, errorCodeName } from "./protocol/codes";
export { META, isInputMethod, type InputMethod } from "./protocol/meta";
export { REVISIONS, REVISIONS_NEWEST_FIRST, eraOf, isRevision, newestFirst, type Era, type Revision } from "./protocol/revisions";
export {
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
export { pickIcon, vetIcons, type IconSet, type RefusedIcon } from "./protocol/icons";
export { blocksOf, samplingReplyProblem, toolChoiceMode } from "./protocol/samplingTools";
export { samplingConversation, type ConversationTurn } from "./protocol/samplingConversation";

// Transports
export type { Transport, TransportCapabilities, TransportEvent } from "./transport/transport";
export { StreamableHttpTransport, type HttpAuth } from "./transport/streamableHttp";
export { LegacySseTransport } from "./transport/legacySse";
export { AutoHttpTransport } from "./transport/autoHttp";
export { inProcessPair } from "./transport/inProcess";
export { bridgeInfo, bridgeServers, saveBridgeServers, describeExit, type BridgeEndpoint } from "./transport/bridge";
export { bridgeFetch } from "./transport/bridgeFetch";
export { BridgeStdioTransport } from "./transport/bridgeStdio";
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
export { paramHeaders, mcpNameSource } from "./transport/headers";
export { postHeaders, versionNamedBy } from "./transport/httpHeaders";
export { HttpExchangeLog, type HttpExchange } from "./transport/httpExchanges";
export { recordExchanges } from "./transport/recordExchanges";
export { checkExchanges, type CheckedExchange } from "./transport/headerChecks";
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
  splitTokenDecoded,
  type PresaPayload,
  type StateFailureReason,
} from "./state/format";
export { encodePayloadPart, macOf, paramsDigest } from "./state/digest";
export { pureStateCrypto, type StateCrypto } from "./state/crypto";

export { decodeRequestState, type DecodedState } from "./state/decode";
export { checkScope, verifyMac, type ExpiryCheck, type ScopeCheck } from "./state/check";

// MCP authorization (OAuth sign-in) and its guided step log
export {
  OAuthClient,
  AuthFlowError,
  redirectFollower,
  isCallback,
  type AuthorizeStep,
  type AuthStatus,
  type AuthStage,
  type AuthStep,
} from "./auth";

// Input kinds: the one registry (each kind in its own file under input/kinds/), and the handlers the
// app and the command line build from their capability modes
export type { InputKindSpec } from "./input/kind";
export {
  inputKinds,
  registerInputKind,
  isInputKindMethod,
  inputKindOf,
  inputKindNamed,
  covers,
  requiredCapability,
  capabilitiesFromModes,
  answerAs,
  type AnswerShapes,
} from "./input/registry";
export { handlersFromModes, type KindQuestion } from "./input/handlers";

// Input builders (for servers and tests)
export { elicit, elicitUrl, sample, roots } from "./input/builders";
