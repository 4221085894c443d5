import { ChangeFeed } from "../changes";
import type { ToolDefinition } from "../definitions";
import { server, type McpServer, type ServerOptions } from "../server";
import { formTools } from "./formTools";
import { countdown, setupWizard, toggleExtraTool } from "./qaTools";
import { demoPrompts, demoResources, demoResourceTemplates } from "./resources";
import { taskDemoTools } from "./taskTools";
import { demoTools } from "./tools";
import { applyVariant, type DemoVariant } from "./variants";
import { DEMO_ICONS, withIcons } from "./icons";
import { urlRequiredTools, waysTools } from "./waysTools";
import { appResources, appTools } from "./appTools";

export { demoTools } from "./tools";
export { greet, twoSteps } from "./seedTools";
export { deploy, release, taskDemoTools } from "./taskTools";
export { DEMO_VARIANTS, isDemoVariant, type DemoVariant } from "./variants";

export interface DemoServerOptions extends Partial<ServerOptions> {
  /** A variant with one tool behaving differently (variants.ts), for replay diffs. */
  variant?: DemoVariant;
}

/**
 * The showcase server every demo and e2e test uses: one tool per way of asking, in both eras. It
 * runs in the page (the app's embedded server) and in Node (`npm run server`).
 */
export function demoServer(options: DemoServerOptions = {}): McpServer {
  const { variant, ...rest } = options;
  const changes = rest.changes ?? new ChangeFeed();
  const tools = new Map<string, ToolDefinition>();
  const srv = server({
    name: "presa-demo",
    title: "presa demo server",
    version: "0.1.0",
    instructions: "A demo of MCP input flows: forms, links, sampling and roots, in both protocol eras.",
    icons: DEMO_ICONS.server,
    tools: withIcons([...applyVariant(demoTools, variant), setupWizard, countdown, toggleExtraTool(tools, changes), ...formTools, ...urlRequiredTools(), ...waysTools, ...taskDemoTools, ...appTools], DEMO_ICONS.tool),
    resources: withIcons([...demoResources, ...appResources], DEMO_ICONS.resource),
    resourceTemplates: withIcons(demoResourceTemplates, DEMO_ICONS.template),
    prompts: withIcons(demoPrompts, DEMO_ICONS.prompt),
    listChanged: true,
    ...rest,
    changes,
  });
  for (const [name, tool] of srv.tools) tools.set(name, tool);
  // toggle-extra-tool adds and removes a tool at run time, so the server serves a map the demo owns.
  return { ...srv, tools };
}
