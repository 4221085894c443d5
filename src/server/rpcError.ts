import { McpError, ErrorCode } from "../core/protocol";

/** Errors a server handler throws become JSON-RPC errors with these codes (JSON-RPC 2.0 §5.1). */
export function invalidParams(message: string, data?: unknown): McpError {
  return new McpError({ kind: "protocol", code: ErrorCode.InvalidParams, message, data });
}

export function methodNotFound(method: string): McpError {
  return new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${method}` });
}

export function internalError(message: string): McpError {
  return new McpError({ kind: "protocol", code: ErrorCode.InternalError, message });
}

export function rpcError(code: number, message: string, data?: unknown): McpError {
  return new McpError({ kind: "protocol", code, message, data });
}
