/**
 * The protocol entry: what the client and the reference server (src/server) both speak, and the one
 * way src/server reaches into the core. JSON-RPC 2.0 (messages, the connection and its pending map),
 * MCP's vocabulary and shapes, errors, the Transport interface both ends plug into, the requestState
 * token format with its signing, the input-request builders, and the sign-in redirect check the demo's
 * automatic user agent shares with the client. The client's entry (../index.ts) re-exports what the
 * client needs of it by name.
 */

export { McpError, toMcpError } from "../errors";
export { Connection, systemClock, type Clock, type IncomingContext } from "../jsonrpc/connection";
export type { SendOptions } from "../jsonrpc/channel";
export { Emitter } from "../jsonrpc/events";
export { PendingRequests } from "../jsonrpc/pending";
export {
  errorResponse,
  isErrorResponse,
  isRequest,
  isResponse,
  isResultResponse,
  parseFrame,
  type JsonRpcErrorObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "../jsonrpc/messages";
export { isObject } from "../util/isObject";
export { copyOwn } from "../util/copyOwn";
export { elicitationMode, mergeCapabilities } from "./capabilities";
// The kinds of question both sides speak of: the server reads answers by their kind and checks which
// kinds a client declared, through the same registry the client asks with.
export { answerAs, covers, requiredCapability, isInputKindMethod, type AnswerShapes } from "../input/registry";
// Whether a client lets the server send a question as a task (2025-11-25 client-side tasks).
export { runsAsTask } from "./tasks";
export { ErrorCode } from "./codes";
export { META, type InputMethod } from "./meta";
export { REVISIONS, eraOf, newestFirst, type Era, type Revision } from "./revisions";
export {
  LOG_LEVELS,
  type CallToolResult,
  type ClientCapabilities,
  type ContentBlock,
  type CreateMessageResult,
  type ElicitResult,
  type GetPromptResult,
  type Implementation,
  type InputRequest,
  type InputRequests,
  type InputResponse,
  type InputResponses,
  type JsonObject,
  type JsonValue,
  type ListRootsResult,
  type LogLevel,
  type PromptArgument,
  type PromptMessage,
  type ReadResourceResult,
  type ResourceContents,
  type Root,
  type ServerCapabilities,
  type SubscriptionFilter,
  type Icon,
} from "./types";
export { blocksOf } from "./samplingTools";
export type { Transport, TransportCapabilities, TransportEvent } from "../transport/transport";
export { mcpNameSource } from "../transport/headers";
export { LineSplitter } from "../transport/lines";
export {
  TOKEN_PREFIX,
  TOKEN_VERSION,
  constantTimeEqual,
  hasPresaFields,
  keyFromSecret,
  parseJsonText,
  splitTokenDecoded,
  type PresaPayload,
  type StateFailureReason,
} from "../state/format";
export { encodePayloadPart, paramsDigest } from "../state/digest";
export { pureStateCrypto, type StateCrypto } from "../state/crypto";
export { isCallback } from "../auth/userAgent";
export type { AuthorizeStep } from "../auth/oauth";
export { elicit, elicitUrl, sample, roots } from "../input/builders";
// The MIME type of an MCP App's HTML resource: the server serves it, the client's apps host reads it.
export { APP_MIME_TYPE } from "../apps/meta";
