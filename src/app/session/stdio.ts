// The bridge's stdio transport (and the SSE reading under it), a chunk of its own: the controller
// loads it on the first connect to a command, never in the first view.
export { BridgeStdioTransport } from "../../core";
