/**
 * The reference server as the official conformance suite's server scenarios expect it: the demo
 * tools, resources and prompts plus every fixture the scenarios name. Fixtures come first,
 * so the `caching` scenario reads a plain resource.
 */
import { demoPrompts, demoResources, demoResourceTemplates } from "../demo/resources";
import { demoTools } from "../demo/tools";
import { ChangeFeed } from "../changes";
import { server, type McpServer, type ServerOptions } from "../server";
import { contentPrompts, contentResources, contentTemplates, contentTools, statelessTools } from "./content";
import { legacyTools } from "./legacy";
import { mrtrPrompts, mrtrTools } from "./mrtr";
import { conformanceTaskTools } from "./tasks";

export function conformanceServer(options: Partial<ServerOptions> = {}): McpServer {
  const changes = options.changes ?? new ChangeFeed();
  return server({
    name: "presa-conformance",
    title: "presa reference server (conformance fixtures)",
    version: "0.1.0",
    // The tasks fixtures bring their own greet (one that also takes a name argument).
    tools: [...contentTools, ...mrtrTools, ...statelessTools(changes), ...legacyTools, ...conformanceTaskTools, ...demoTools.filter((t) => t.name !== "greet")],
    resources: [...contentResources, ...demoResources],
    resourceTemplates: [...contentTemplates, ...demoResourceTemplates],
    prompts: [...contentPrompts, ...mrtrPrompts, ...demoPrompts],
    listChanged: true,
    resourceSubscribe: true,
    ...options,
    changes,
  });
}
