/**
 * A server the tests never saw, run in the Playwright worker over Streamable HTTP: its `ask` tool asks
 * whatever its arguments describe (a message of any length, any schema, several cards at once), so a
 * spec can check the page against what a real server may send.
 */
import { elicit } from "../../src/core";
import { inputRequired, inputResponse, server, type ToolDefinition } from "../../src/server";
import { startHttpServer, type RunningHttpServer } from "../../src/server/http/handler";

const ask: ToolDefinition = {
  name: "ask",
  title: "Ask what the arguments say",
  description: "Asks `copies` questions at once, each with `message` and `schema`; echoes what came back",
  inputSchema: {
    type: "object",
    properties: { message: { type: "string" }, schema: { type: "object" }, copies: { type: "integer", minimum: 1, maximum: 5 } },
  },
  handler: (args, ctx) => {
    const copies = typeof args.copies === "number" ? args.copies : 1;
    const keys = Array.from({ length: copies }, (_, i) => `q${i + 1}`);
    if (keys.every((k) => inputResponse(ctx, k) === undefined)) {
      const schema = (args.schema ?? { type: "object", properties: { answer: { type: "string", title: "Answer" } } }) as never;
      return inputRequired(Object.fromEntries(keys.map((k) => [k, elicit(String(args.message ?? "?"), schema)])));
    }
    return `Received: ${JSON.stringify(Object.fromEntries(keys.map((k) => [k, inputResponse(ctx, k) ?? null])))}`;
  },
};

export function startAskServer(): Promise<RunningHttpServer> {
  return startHttpServer(server({ name: "ask-server", version: "1.0.0", tools: [ask] }), { port: 0 });
}
