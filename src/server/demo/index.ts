import { server, type McpServer, type ServerOptions } from "../server";
import { demoPrompts, demoResources, demoResourceTemplates } from "./resources";
import { demoTools } from "./tools";

export { demoTools } from "./tools";
export { greet, twoSteps } from "./seedTools";

/**
 * The showcase server every demo and e2e test uses: one tool per way of asking, in both eras. It
 * runs in the page (the app's embedded server) and in Node (`npm run server`).
 */
export function demoServer(options: Partial<ServerOptions> = {}): McpServer {
  return server({
    name: "presa-demo",
    title: "presa demo server",
    version: "0.1.0",
    instructions: "A demo of MCP input flows: forms, links, sampling and roots, in both protocol eras.",
    tools: demoTools,
    resources: demoResources,
    resourceTemplates: demoResourceTemplates,
    prompts: demoPrompts,
    ...options,
  });
}
