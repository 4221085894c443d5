/** Reserved `_meta` keys of 2026-07-28 (SEP-2575, "Request metadata"). */
export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
  subscriptionId: "io.modelcontextprotocol/subscriptionId",
} as const;

/** Methods that may answer with an `input_required` result (SEP-2322 §"Which requests"). */
export const INPUT_METHODS = ["tools/call", "prompts/get", "resources/read"] as const;
export type InputMethod = (typeof INPUT_METHODS)[number];

export function isInputMethod(method: string): method is InputMethod {
  return (INPUT_METHODS as readonly string[]).includes(method);
}

/** Methods whose complete results carry caching hints on 2026-07-28 (SEP-2549). */
export const CACHEABLE_METHODS = [
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
] as const;

export function isCacheableMethod(method: string): boolean {
  return (CACHEABLE_METHODS as readonly string[]).includes(method);
}
