/**
 * A server built with the official TypeScript SDK (`@modelcontextprotocol/server` 2.x), serving both
 * eras on one endpoint the way its documentation shows: 2026-07-28 requests through
 * `createMcpHandler(factory, {legacy: "reject"})`, initialize-era ones through a sessionful
 * `WebStandardStreamableHTTPServerTransport` chosen with `isLegacyRequest`. The tools are written once
 * with `inputRequired(...)`; on initialize-era sessions the SDK's legacy shim turns each input request
 * into a live server→client request.
 */
import { randomUUID } from "node:crypto";
import {
  McpServer,
  WebStandardStreamableHTTPServerTransport,
  acceptedContent,
  createMcpHandler,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  isLegacyRequest,
} from "@modelcontextprotocol/server";
import { serveFetch, type FetchServer } from "./fetchServer";

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
const nameSchema = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };

/** greet, two-steps (state in requestState), summarize (sampling) and list-roots, as the SDK writes them. */
export function sdkMcpServer(): McpServer {
  const server = new McpServer({ name: "sdk-interop-server", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.registerTool("greet", { description: "Asks for a name, then greets" }, (ctx) => {
    const answer = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, "who");
    if (answer) return text(`Hello, ${answer.name}!`);
    return inputRequired({ inputRequests: { who: inputRequired.elicit({ message: "Who should I greet?", requestedSchema: nameSchema }) } });
  });
  server.registerTool("two-steps", { description: "Asks for a name, then a colour; the name rides in requestState" }, (ctx) => {
    const state = ctx.mcpReq.requestState<string>();
    const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, "name");
    const color = acceptedContent<{ color: string }>(ctx.mcpReq.inputResponses, "color");
    if (state?.startsWith("name:") && color) return text(`${state.slice(5)} likes ${color.color}`);
    if (name) {
      const ask = inputRequired.elicit({ message: "Color?", requestedSchema: { type: "object", properties: { color: { type: "string" } }, required: ["color"] } });
      return inputRequired({ inputRequests: { color: ask }, requestState: `name:${name.name}` });
    }
    return inputRequired({ inputRequests: { name: inputRequired.elicit({ message: "Name?", requestedSchema: nameSchema }) }, requestState: "start" });
  });
  server.registerTool(
    "summarize",
    { description: "Asks the client's model", inputSchema: fromJsonSchema<{ text: string }>({ type: "object", properties: { text: { type: "string" } }, required: ["text"] }) },
    (args, ctx) => {
      const reply = inputResponse(ctx.mcpReq.inputResponses, "summary");
      if (reply.kind === "sampling") {
        const content = Array.isArray(reply.result.content) ? reply.result.content[0] : reply.result.content;
        return text(`Summary: ${content && content.type === "text" ? content.text : "?"}`);
      }
      const messages = [{ role: "user" as const, content: { type: "text" as const, text: `Summarize: ${args.text}` } }];
      return inputRequired({ inputRequests: { summary: inputRequired.createMessage({ messages, maxTokens: 50 }) } });
    },
  );
  server.registerTool("list-roots", { description: "Asks for the client's roots" }, (ctx) => {
    const reply = inputResponse(ctx.mcpReq.inputResponses, "roots");
    if (reply.kind === "roots") return text(`Roots: ${reply.roots.map((r) => r.uri).join(", ")}`);
    return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
  });
  return server;
}

/** Both eras on one 127.0.0.1 endpoint; each legacy session gets its own server instance and transport. */
export async function startSdkServer(factory: () => McpServer = sdkMcpServer): Promise<FetchServer> {
  const modern = createMcpHandler(() => factory(), { legacy: "reject" });
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const legacy = async (request: Request): Promise<Response> => {
    const id = request.headers.get("mcp-session-id");
    const existing = id ? sessions.get(id) : undefined;
    if (existing) return existing.handleRequest(request);
    if (id) return new Response(null, { status: 404 });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
    });
    await factory().connect(transport);
    return transport.handleRequest(request);
  };
  const served = await serveFetch(async (request) => ((await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request)));
  return {
    url: served.url,
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      await modern.close();
      await served.close();
    },
  };
}
