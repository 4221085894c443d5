import { greet } from "../demo/seedTools";
import type { ToolDefinition } from "../definitions";
import { server, type McpServer, type ServerOptions } from "../server";
import { HTML_LINE } from "./payloads";
import { hostileTaskTools } from "./taskTools";
import { hostileTools } from "./tools";
import { HOSTILE_ICONS, hostileIcons, urlRequiredAnywhere } from "./ways";
import { hostileAppResources, hostileAppTools } from "./appTools";
import { wrongMcpName } from "./answerHeaders";

export { hostileTools } from "./tools";
export { hostileTaskTools } from "./taskTools";
export { HOSTILE_ICONS } from "./ways";
export { hostileAnswerHeaders, WRONG_MCP_NAME, WRONG_MCP_NAME_TOOL } from "./answerHeaders";
export { PWNED, HTML_PAYLOADS, HTML_LINE, JAVASCRIPT_URL, DATA_URL, MEGABYTE_TOKEN } from "./payloads";

const echo: ToolDefinition = {
  name: "echo",
  title: "Echo (no input)",
  description: "Returns its message: proof the session still works",
  inputSchema: { type: "object", properties: { message: { type: "string", title: "Message" } }, required: ["message"] },
  handler: (args) => String(args.message ?? ""),
};

/**
 * The hostile demo server: the hostile tools plus `greet` and `echo`, so every test can
 * check that the session still works after each attack. In the page (the app's "Hostile demo
 * server") and over HTTP (`npm run server -- --hostile`).
 */
export function hostileServer(options: Partial<ServerOptions> = {}): McpServer {
  return server({
    name: "presa-hostile",
    title: "presa hostile demo server",
    version: "0.1.0",
    instructions: `A server that misbehaves on purpose. ${HTML_LINE}`,
    icons: HOSTILE_ICONS,
    tools: [...hostileTools, hostileIcons, urlRequiredAnywhere, ...hostileTaskTools, ...hostileAppTools, wrongMcpName, greet, echo],
    resources: hostileAppResources,
    // Endless loops end on the client's round cap first; this is the initialize-era shim's own cap.
    maxLegacyRounds: 12,
    ...options,
  });
}
