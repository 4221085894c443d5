import {
  elicit,
  elicitUrl,
  roots,
  sample,
  isObject,
  type JsonValue,
  type ElicitResult,
  type ListRootsResult,
  type CreateMessageResult,
} from "../../core/protocol";
import { inputRequired, inputResponse, toolError, type HandlerContext, type ToolDefinition } from "../definitions";
import { greet } from "./seedTools";

function elicited(ctx: HandlerContext, key: string): ElicitResult | undefined {
  const r = inputResponse(ctx, key);
  return isObject(r) && typeof r.action === "string" ? (r as ElicitResult) : undefined;
}

type Named = { content?: Record<string, unknown> } | undefined;

/**
 * The seed's two-steps with forms a person can fill: the seed's bare `{type: "object"}` schemas suit
 * a scripted client, but a user needs a field for the name and one for the colour. The options let
 * a demo variant change the second question and the answer without a second copy of the flow.
 */
export function twoStepsTool(options: { description: string; colorQuestion: string; colorShown: (color: string) => string }): ToolDefinition {
  return {
    name: "two-steps",
    description: options.description,
    handler: (_args, ctx) => {
      const step = (ctx.state as { step?: number } | undefined)?.step;
      if (step === undefined) {
        return inputRequired({ name: elicit("Name?", { type: "object", properties: { name: { type: "string", title: "Name" } }, required: ["name"] }) }, { step: 1 });
      }
      if (step === 1) {
        const name = String((inputResponse(ctx, "name") as Named)?.content?.name);
        return inputRequired(
          { color: elicit(options.colorQuestion, { type: "object", properties: { color: { type: "string", title: "Color" } }, required: ["color"] }) },
          { step: 2, name },
        );
      }
      const color = String((inputResponse(ctx, "color") as Named)?.content?.color);
      return `${String((ctx.state as { name?: string }).name)} likes ${options.colorShown(color)}`;
    },
  };
}

const twoSteps = twoStepsTool({
  description: "Asks twice: a name, then a colour, carrying the name in requestState",
  colorQuestion: "Color?",
  colorShown: (color) => color,
});

const connectAccount: ToolDefinition = {
  name: "connect-account",
  title: "Connect an account (URL elicitation)",
  description: "Sends the user to a sign-in page out of band, then reports whether they went",
  handler: (_args, ctx) => {
    const answer = elicited(ctx, "signin");
    if (!answer) {
      const nonce = Math.random().toString(36).slice(2, 10);
      return inputRequired(
        { signin: elicitUrl("Sign in to Example Cloud to link your account.", `https://auth.example.com/authorize?client_id=presa-demo&state=${nonce}`) },
        { nonce },
      );
    }
    if (answer.action !== "accept") return toolError(`Account not linked: the user chose ${answer.action}`);
    return `Account linked (sign-in ${String((ctx.state as { nonce?: string })?.nonce)} opened by the user).`;
  },
};

const summarize: ToolDefinition = {
  name: "summarize",
  title: "Summarize (sampling)",
  description: "Asks the client's model to summarize a text",
  inputSchema: { type: "object", properties: { text: { type: "string", title: "Text to summarize" } }, required: ["text"] },
  handler: (args, ctx) => {
    const reply = inputResponse(ctx, "summary") as CreateMessageResult | undefined;
    if (!reply) {
      return inputRequired({
        summary: sample(`Summarize in one sentence:\n\n${String(args.text ?? "")}`, { maxTokens: 120, systemPrompt: "You are a concise assistant." }),
      });
    }
    const content = Array.isArray(reply.content) ? reply.content[0] : reply.content;
    const said = isObject(content) && typeof content.text === "string" ? content.text : JSON.stringify(content);
    return `Summary from ${String(reply.model)}: ${said}`;
  },
};

const listWorkspace: ToolDefinition = {
  name: "list-workspace",
  title: "List workspace (roots)",
  description: "Asks the client which roots it shares",
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "roots") as ListRootsResult | undefined;
    if (!answer) return inputRequired({ roots: roots() });
    const list = Array.isArray(answer.roots) ? answer.roots : [];
    if (list.length === 0) return "The client shares no roots.";
    return `The client shares ${list.length} root(s):\n${list.map((r) => `- ${String(r.name ?? r.uri)} (${String(r.uri)})`).join("\n")}`;
  },
};

type OnboardState = { profile?: JsonValue; roots?: JsonValue; welcome?: JsonValue };

/** Asks for three inputs at once; answers that arrive are kept in state and only the rest asked again. */
const onboard: ToolDefinition = {
  name: "onboard",
  title: "Onboard (several inputs at once)",
  description: "Asks for a profile form, the client's roots and a welcome line from the model in one round",
  handler: (_args, ctx) => {
    const kept: OnboardState = { ...((ctx.state as OnboardState | undefined) ?? {}) };
    for (const key of ["profile", "roots", "welcome"] as const) {
      const r = inputResponse(ctx, key);
      if (r !== undefined) kept[key] = r as unknown as JsonValue;
    }
    const missing: Record<string, ReturnType<typeof elicit>> = {};
    if (!kept.profile) {
      missing.profile = elicit("Tell us about yourself", {
        type: "object",
        properties: {
          name: { type: "string", title: "Name", minLength: 1 },
          email: { type: "string", title: "Email", format: "email" },
        },
        required: ["name"],
      });
    }
    if (!kept.roots) missing.roots = roots();
    if (!kept.welcome) missing.welcome = sample("Write a one-line welcome for a new user of a project workspace.", { maxTokens: 60 });
    if (Object.keys(missing).length > 0) return inputRequired(missing, kept as JsonValue);
    const profile = kept.profile as unknown as ElicitResult;
    if (profile.action !== "accept") return toolError("Onboarding stopped: no profile given");
    const rootCount = Array.isArray((kept.roots as unknown as ListRootsResult).roots) ? (kept.roots as unknown as ListRootsResult).roots.length : 0;
    const welcome = (kept.welcome as unknown as CreateMessageResult).content;
    const line = isObject(welcome) && typeof welcome.text === "string" ? welcome.text : "Welcome!";
    return `Welcome aboard, ${String(profile.content?.name)}! ${line} (${rootCount} root(s) shared)`;
  },
};

/** The MCP form subset in one schema: what a form renderer must handle. */
const survey: ToolDefinition = {
  name: "survey",
  title: "Survey (every form field kind)",
  description: "One form with strings and formats, numbers with bounds, booleans, enums, multi-selects and defaults",
  handler: (_args, ctx) => {
    const answer = elicited(ctx, "survey");
    if (!answer) {
      return inputRequired({
        survey: elicit("A short survey about your setup", {
          type: "object",
          properties: {
            name: { type: "string", title: "Your name", minLength: 2, maxLength: 40, default: "Ada" },
            email: { type: "string", title: "Email", format: "email" },
            website: { type: "string", title: "Website", format: "uri" },
            since: { type: "string", title: "Using MCP since", format: "date" },
            age: { type: "integer", title: "Age", minimum: 13, maximum: 120 },
            rating: { type: "number", title: "Rating", minimum: 0, maximum: 5, default: 4 },
            newsletter: { type: "boolean", title: "Send me the newsletter", default: false },
            editor: { type: "string", title: "Editor", enum: ["vim", "emacs", "vscode", "other"] },
            color: {
              type: "string",
              title: "Favourite colour",
              oneOf: [
                { const: "#FF0000", title: "Red" },
                { const: "#00AA00", title: "Green" },
                { const: "#0000FF", title: "Blue" },
              ],
              default: "#0000FF",
            },
            languages: { type: "array", title: "Languages", minItems: 1, maxItems: 3, items: { type: "string", enum: ["TypeScript", "Python", "Rust", "Go", "Clojure"] } },
            transports: {
              type: "array",
              title: "Transports you use",
              items: { anyOf: [{ const: "stdio", title: "Standard I/O" }, { const: "http", title: "Streamable HTTP" }] },
              default: ["http"],
            },
          },
          required: ["name", "editor"],
        }),
      });
    }
    if (answer.action !== "accept") return toolError(`Survey ${answer.action === "decline" ? "declined" : "cancelled"}`);
    return { content: [{ type: "text", text: "Thanks! You answered:" }, { type: "text", text: JSON.stringify(answer.content ?? {}, null, 2) }], structuredContent: (answer.content ?? {}) as JsonValue };
  },
};

/** Never completes: each round asks again, so a client's round cap has something to stop. */
const neverDone: ToolDefinition = {
  name: "never-done",
  title: "Never done (round cap)",
  description: "Asks again every round and never completes",
  handler: (_args, ctx) => {
    const n = ((ctx.state as { n?: number } | undefined)?.n ?? 0) + 1;
    return inputRequired({ [`again-${n}`]: elicit(`Round ${n}: one more?`, { type: "object", properties: { ok: { type: "boolean", default: true } } }) }, { n });
  },
};

const echo: ToolDefinition = {
  name: "echo",
  title: "Echo (no input)",
  description: "Returns its message, with no input rounds",
  inputSchema: { type: "object", properties: { message: { type: "string", title: "Message" } }, required: ["message"] },
  handler: (args) => String(args.message ?? ""),
};

export const demoTools: ToolDefinition[] = [greet, twoSteps, connectAccount, summarize, listWorkspace, onboard, survey, neverDone, echo];
