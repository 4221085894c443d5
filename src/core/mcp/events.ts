import type { Frame } from "../jsonrpc/connection";
import type { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import type { Era } from "../protocol/revisions";
import type { Implementation, InputRequest, InputRequests, InputResponse, InputResponses, Root, ServerCapabilities } from "../protocol/types";
import type { DecodedState } from "../state/decode";
import type { TaskEvent } from "../protocol/tasks";
import type { ClientTaskEvent } from "./clientTasks";

/** A retry held in step mode (or an initialize-era answer about to go), open to edits. */
export interface RetryDraft {
  era: Era;
  callId: string;
  method: string;
  round: number;
  /** The params of the call without inputResponses, requestState and _meta. */
  params: Record<string, unknown>;
  inputResponses: InputResponses;
  /** Present only when the server sent one; echoed byte for byte unless the user edits it. */
  requestState?: string;
  /** Set when the answers go to a running task (2026-07-28 `tasks/update`), not in a retry of the call. */
  taskId?: string;
}

/** What a step hook decides: send (the draft, maybe edited) or abandon the call. */
export type StepDecision = { action: "send"; draft: RetryDraft } | { action: "abort"; reason?: string };

export type StepHook = (draft: RetryDraft) => Promise<StepDecision>;

/** Everything the client core reports, in the order it happens (design: "Every round is an event"). */
export type ClientEvent =
  | { type: "frame"; frame: Frame }
  | {
      type: "connected";
      revision: string;
      era: Era;
      serverInfo: Implementation | undefined;
      serverCapabilities: ServerCapabilities;
      instructions: string | undefined;
    }
  | { type: "revisionChanged"; from: string | undefined; to: string; reason: string }
  | { type: "callStarted"; callId: string; method: string; params: Record<string, unknown>; at: number }
  | {
      type: "roundStarted";
      callId: string;
      round: number;
      era: Era;
      /** Initialize era: the id of the live server request that opened the round. */
      serverRequestId?: RequestId;
      /**
       * "urlRequired": the server answered the call with -32042 (2025-11-25); the input requests are
       * its URLs keyed by elicitationId, and the call is retried with a new id once they are done.
       */
      kind?: "urlRequired";
      /** urlRequired: the server's error message, as sent. */
      serverMessage?: string;
      inputRequests: InputRequests;
      requestState: string | undefined;
      decodedState: DecodedState | undefined;
      at: number;
    }
  | { type: "inputRequested"; callId: string; round: number; key: string; request: InputRequest; at: number }
  | {
      type: "inputAnswered";
      callId: string;
      round: number;
      key: string;
      response: InputResponse | undefined;
      error?: McpError;
      /** "server": a `notifications/elicitation/complete` answered it before the user did. */
      completedBy?: "server";
      at: number;
      ms: number;
    }
  /**
   * `notifications/elicitation/complete` (2025-11-25) for a URL elicitation this client showed: the
   * server says it is done. `waiting` tells whether it answered a card still open. Unknown ids give none.
   */
  | { type: "elicitationCompleted"; elicitationId: string; callId: string | undefined; round: number; key: string; waiting: boolean; at: number }
  /** The standing roots list changed; `notified` when `notifications/roots/list_changed` went out. */
  | { type: "rootsChanged"; roots: Root[]; notified: boolean; at: number }
  | { type: "retryHeld"; callId: string; round: number; draft: RetryDraft; at: number }
  | { type: "retrySent"; callId: string; round: number; requestId: RequestId; draft: RetryDraft; edited: boolean; kind?: "urlRequired"; at: number }
  | { type: "callFinished"; callId: string; method: string; rounds: number; at: number; ms: number; result?: Record<string, unknown>; error?: McpError }
  | { type: "notification"; method: string; params: Record<string, unknown> | undefined; callId: string | undefined; at: number }
  | { type: "closed"; reason: string }
  /** A call that became a task (src/core/tasks): creation, polls, status changes, answers sent, the end. */
  | TaskEvent
  /** A task this client runs for the server (2025-11-25 client-side tasks, src/core/mcp/clientTasks.ts). */
  | ClientTaskEvent;
