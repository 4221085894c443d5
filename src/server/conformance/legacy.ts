/**
 * Fixtures of the conformance suite's server scenarios that the 2025-11-25 requirements add
 * (`tools-call-with-logging`, `tools-call-sampling`, `tools-call-elicitation`,
 * `elicitation-sep1034-defaults`, `elicitation-sep1330-enums`) and the pending `json-schema-2020-12`.
 * Written once with `inputRequired`: on initialize-era sessions each question becomes a live request.
 */
import { elicit, sample, isObject, type JsonObject } from "../../core/protocol";
import { inputRequired, inputResponse, type HandlerContext, type ToolDefinition } from "../definitions";

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function elicitationText(ctx: HandlerContext, key: string): string | undefined {
  const answer = inputResponse(ctx, key);
  if (!isObject(answer) || typeof answer.action !== "string") return undefined;
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
}

/** The 2020-12 schema of the `json-schema-2020-12` scenario, served verbatim (SEP-1613, SEP-2106). */
const SCHEMA_2020_12: JsonObject = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
  properties: {
    name: { type: "string" },
    address: { $ref: "#/$defs/address" },
    contactMethod: { type: "string", enum: ["phone", "email"] },
    phone: { type: "string" },
    email: { type: "string" },
  },
  allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
  if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
  then: { required: ["phone"] },
  else: { required: ["email"] },
  additionalProperties: false,
};

export const legacyTools: ToolDefinition[] = [
  {
    name: "test_tool_with_logging",
    description: "Logs three info messages while it runs",
    handler: async (_args, ctx) => {
      await ctx.log("info", "Tool execution started");
      await pause(50);
      await ctx.log("info", "Tool processing data");
      await pause(50);
      await ctx.log("info", "Tool execution completed");
      return "Logging test completed";
    },
  },
  {
    name: "test_sampling",
    description: "Asks the client's model to answer a prompt",
    inputSchema: { type: "object", properties: { prompt: { type: "string" } }, required: ["prompt"] },
    handler: (args, ctx) => {
      const reply = inputResponse(ctx, "llm");
      const content = isObject(reply) ? (Array.isArray(reply.content) ? reply.content[0] : reply.content) : undefined;
      if (isObject(content)) return `LLM response: ${typeof content.text === "string" ? content.text : JSON.stringify(content)}`;
      return inputRequired({ llm: sample(String(args.prompt ?? ""), { maxTokens: 100 }) });
    },
  },
  {
    name: "test_elicitation",
    description: "Asks the user for a username and an email",
    inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
    handler: (args, ctx) => {
      const answer = inputResponse(ctx, "user");
      if (isObject(answer)) return `User response: action=${String(answer.action)}, content=${JSON.stringify(answer.content ?? {})}`;
      return inputRequired({
        user: elicit(String(args.message ?? ""), {
          type: "object",
          properties: { username: { type: "string", description: "User's response" }, email: { type: "string", description: "User's email address" } },
          required: ["username", "email"],
        }),
      });
    },
  },
  {
    name: "test_elicitation_sep1034_defaults",
    description: "Asks with a default for every primitive type (SEP-1034)",
    handler: (_args, ctx) =>
      elicitationText(ctx, "defaults") ??
      inputRequired({
        defaults: elicit("Please review the defaults", {
          type: "object",
          properties: {
            name: { type: "string", default: "John Doe" },
            age: { type: "integer", default: 30 },
            score: { type: "number", default: 95.5 },
            status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
            verified: { type: "boolean", default: true },
          },
        }),
      }),
  },
  {
    name: "test_elicitation_sep1330_enums",
    description: "Asks with all five enum shapes (SEP-1330)",
    handler: (_args, ctx) =>
      elicitationText(ctx, "enums") ??
      inputRequired({
        enums: elicit("Please choose", {
          type: "object",
          properties: {
            untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
            titledSingle: { type: "string", oneOf: [{ const: "value1", title: "First Option" }, { const: "value2", title: "Second Option" }, { const: "value3", title: "Third Option" }] },
            legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
            untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
            titledMulti: { type: "array", items: { anyOf: [{ const: "value1", title: "First Choice" }, { const: "value2", title: "Second Choice" }, { const: "value3", title: "Third Choice" }] } },
          },
        }),
      }),
  },
  {
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features",
    inputSchema: SCHEMA_2020_12,
    handler: (args) => `Received: ${JSON.stringify(args)}`,
  },
];
