export { server, type McpServer, type ServerOptions } from "./server";
export { ChangeFeed, type ServerChange } from "./changes";
export {
  inputRequired,
  inputResponse,
  toolError,
  isInputRequired,
  isToolError,
  type HandlerContext,
  type InputRequired,
  type ToolDefinition,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type PromptDefinition,
  type LogLevel,
} from "./definitions";
export { ServerSession, type SessionOptions } from "./session";
export { serveTransport } from "./serve";
export { serveStdio, StdioServerTransport, type StdioStreams } from "./stdio";
export { elicit, elicitUrl, sample, roots } from "../core/protocol";
