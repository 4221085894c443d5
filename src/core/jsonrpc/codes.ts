/** The error codes JSON-RPC 2.0 itself defines (JSON-RPC 2.0 specification, §5.1 "Error object"). */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;
