/**
 * The client's entry: the app, the command line, the bridge and the tests import the client core from
 * here (recordings from src/core/recording/index.ts), never from a file inside. What the client shares
 * with the reference server comes from the protocol entry (./protocol/index.ts), re-exported by name at
 * the end; src/server imports only that one. eslint.config.js and .dependency-cruiser.cjs enforce both.
 *
 * Layers, lowest first: util, jsonrpc (plain JSON-RPC 2.0), errors, protocol (MCP vocabulary),
 * transport (imports jsonrpc, never the reverse), state (requestState tokens), input (builders),
 * mcp (the client and its call runner).
 */

// The client and the call as an object
export { connect, Client } from "./mcp/client";
export type { CallHandle } from "./mcp/call";
export type { ClientEvent, RetryDraft, StepDecision } from "./mcp/events";
export { DEFAULT_CLIENT_INFO, type ConnectOptions, type InputHandlers, type InputContext } from "./mcp/options";
export type { ListenHandle } from "./mcp/subscriptions";
export { text } from "./mcp/text";
export { urlRequiredOutsideRevision } from "./mcp/urlRequired";

// Tasks: a call that became a task, followed in both eras (polls, questions, cancel)
export { TASKS_EXTENSION } from "./tasks/types";
export type { TaskStatus, TaskSnapshot, AnswerTravel } from "./tasks/types";
export type { TaskHandle } from "./tasks/runner";

// Errors
export type { ErrorKind, FrameProblem, LocalReason, ProcessExit } from "./errors";

// JSON-RPC
export type { Frame } from "./jsonrpc/connection";
export { HumanWaits, pausedWhileWaiting } from "./jsonrpc/humanWaits";

// URLs a server asks the user to open (URL-mode elicitation): what they really point at
export type { HostKind } from "./url/hostKind";
export { checkUrl, COLLAPSE_URL, WARNING_TEXT, type UrlCheck, type UrlWarning } from "./url/urlCheck";

// MCP vocabulary
export { capabilitiesFromModes, type CapabilityKey, type CapabilityMode } from "./protocol/capabilities";
export { errorCodeName } from "./protocol/codes";
export { isInputMethod } from "./protocol/meta";
export { REVISIONS_NEWEST_FIRST, isRevision } from "./protocol/revisions";
export type {
  CreateMessageParams,
  ElicitParams,
  InputKind,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
} from "./protocol/types";
export { pickIcon, vetIcons, type IconSet, type RefusedIcon } from "./protocol/icons";
export {
  samplingConversation,
  samplingReplyProblem,
  toolChoiceMode,
  type ConversationTurn,
} from "./protocol/samplingTools";

// Transports
export { StreamableHttpTransport, type HttpAuth } from "./transport/streamableHttp";
export { LegacySseTransport } from "./transport/legacySse";
export { AutoHttpTransport } from "./transport/autoHttp";
export { inProcessPair } from "./transport/inProcess";
export { bridgeFetch, bridgeInfo, describeExit, type BridgeEndpoint } from "./transport/bridge";
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
export { paramHeaders } from "./transport/headers";
export { postHeaders, versionNamedBy } from "./transport/httpHeaders";
export type { Line } from "./transport/lines";

// requestState tokens (the presa v2 format) and the inspector's decoder
export { DIGEST_EXCLUDED_PARAMS, STATE_FAILURE_REASONS, base64urlDecode, base64urlEncode } from "./state/format";
export { macOf } from "./state/digest";
export { decodeRequestState, type DecodedState } from "./state/decode";
export { checkScope, verifyMac, type ExpiryCheck, type ScopeCheck } from "./state/check";

// MCP authorization (OAuth sign-in) and its guided step log
export { OAuthClient, AuthFlowError, redirectFollower, type AuthStatus, type AuthStage, type AuthStep } from "./auth";

// What the client shares with the reference server: JSON-RPC, MCP vocabulary and shapes, errors, the
// token format (./protocol/index.ts, the server's one entry into the core)
export {
  McpError,
  toMcpError,
  type SendOptions,
  Emitter,
  isRequest,
  parseFrame,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type RequestId,
  isObject,
  ErrorCode,
  META,
  type InputMethod,
  REVISIONS,
  eraOf,
  type Era,
  type Revision,
  type CreateMessageResult,
  type ElicitResult,
  type Implementation,
  type InputRequest,
  type InputResponse,
  type InputResponses,
  type JsonObject,
  type JsonValue,
  type ListRootsResult,
  type Root,
  type ServerCapabilities,
  type SubscriptionFilter,
  type Transport,
  type TransportCapabilities,
  type TransportEvent,
  LineSplitter,
  pureStateCrypto,
  type StateCrypto,
  isCallback,
  type AuthorizeStep,
} from "./protocol/index";
