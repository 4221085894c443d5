import { JsonRpcErrorCode } from "../jsonrpc/codes";

/** JSON-RPC's error codes and MCP's own (MCP 2026-07-28 "Error codes"). */
export const ErrorCode = {
  ...JsonRpcErrorCode,
  /** Legacy (≤2025-11-25) resource not found; 2026 clients still accept it. */
  ResourceNotFound: -32002,
  /** 2025-11-25 only. */
  UrlElicitationRequired: -32042,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  /** Suggested legacy code for a user who rejects a sampling request. */
  UserRejected: -1,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Short names for the codes, for logs and the UI. */
export function errorCodeName(code: number): string | undefined {
  for (const [name, value] of Object.entries(ErrorCode)) if (value === code) return name;
  return undefined;
}
