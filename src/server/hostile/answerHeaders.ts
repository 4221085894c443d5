import type { JsonRpcRequest } from "../../core/protocol";
import type { ToolDefinition } from "../definitions";

/** The tool whose answers over HTTP name another tool in `Mcp-Name`. */
export const WRONG_MCP_NAME_TOOL = "wrong-mcp-name";

/** The name its answers carry instead of its own. */
export const WRONG_MCP_NAME = "echo";

/**
 * A tool that answers normally in the body while its HTTP answer says `Mcp-Name: echo`: what a
 * server or a proxy before it does when it labels answers by the wrong tool. The spec defines
 * `Mcp-Name` as a mirror of the request's `params.name`; an answer that repeats it with another
 * name misleads whatever routes or logs by it, and the inspector's HTTP view fails that check.
 */
export const wrongMcpName: ToolDefinition = {
  name: WRONG_MCP_NAME_TOOL,
  title: "Answers under another tool's name (HTTP)",
  description: `Over HTTP on 2026-07-28 its answer carries the header Mcp-Name: ${WRONG_MCP_NAME}; see the HTTP view`,
  inputSchema: { type: "object", properties: {} },
  handler: () => "Answered; the HTTP answer's Mcp-Name header names another tool",
};

/** The hostile HTTP endpoint's extra answer headers (HttpHandlerOptions.answerHeaders). */
export function hostileAnswerHeaders(message: JsonRpcRequest): Record<string, string> | undefined {
  if (message.method === "tools/call" && message.params?.name === WRONG_MCP_NAME_TOOL) return { "Mcp-Name": WRONG_MCP_NAME };
  return undefined;
}
