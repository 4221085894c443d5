/**
 * The multi-round fixtures of the conformance suite's `input-required-result-*` and `server-stateless`
 * scenarios (SEP-2322): keys, messages and schemas as the scenario sources spell them.
 */
import { elicit, roots, sample, isObject, type InputRequests, type JsonValue } from "../../core/protocol";
import { inputRequired, inputResponse, type HandlerContext, type PromptDefinition, type ToolDefinition } from "../definitions";

const askName = (message: string) =>
  elicit(message, { type: "object", properties: { name: { type: "string" } }, required: ["name"] });
const askConfirm = () => elicit("Please confirm", { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] });

/** The accepted content of an elicitation answer under `key`, if that is what the client sent. */
function accepted(ctx: HandlerContext, key: string): Record<string, unknown> | undefined {
  const answer = inputResponse(ctx, key);
  return isObject(answer) && answer.action === "accept" && isObject(answer.content) ? answer.content : undefined;
}

/** The text of a sampling answer under `key`. */
function sampled(ctx: HandlerContext, key: string): string | undefined {
  const answer = inputResponse(ctx, key);
  const content = isObject(answer) ? (Array.isArray(answer.content) ? answer.content[0] : answer.content) : undefined;
  return isObject(content) && typeof content.text === "string" ? content.text : undefined;
}

function rootCount(ctx: HandlerContext, key: string): number | undefined {
  const answer = inputResponse(ctx, key);
  return isObject(answer) && Array.isArray(answer.roots) ? answer.roots.length : undefined;
}

const step = (ctx: HandlerContext): Record<string, unknown> => (isObject(ctx.state) ? ctx.state : {});

export const mrtrTools: ToolDefinition[] = [
  {
    name: "test_input_required_result_elicitation",
    description: "Asks for a name (key user_name), then greets",
    handler: (_args, ctx) => {
      const answer = accepted(ctx, "user_name");
      return answer ? `Hello, ${String(answer.name)}!` : inputRequired({ user_name: askName("What is your name?") });
    },
  },
  {
    name: "test_input_required_result_sampling",
    description: "Asks the client's model a question (key capital_question)",
    handler: (_args, ctx) => {
      const text = sampled(ctx, "capital_question");
      return text !== undefined
        ? `The model answered: ${text}`
        : inputRequired({ capital_question: sample("What is the capital of France?", { maxTokens: 100 }) });
    },
  },
  {
    name: "test_input_required_result_list_roots",
    description: "Asks for the client's roots (key client_roots)",
    handler: (_args, ctx) => {
      const count = rootCount(ctx, "client_roots");
      return count !== undefined ? `The client shares ${count} root(s).` : inputRequired({ client_roots: roots() });
    },
  },
  {
    name: "test_input_required_result_request_state",
    description: "Asks for confirmation and carries signed requestState",
    handler: (_args, ctx) => {
      const answer = accepted(ctx, "confirm");
      if (answer && step(ctx).asked === "confirm") return `state-ok: confirmed=${String(answer.ok)}`;
      return inputRequired({ confirm: askConfirm() }, { asked: "confirm" });
    },
  },
  {
    name: "test_input_required_result_multiple_inputs",
    description: "Asks for a name, a greeting from the model and the roots in one round",
    handler: (_args, ctx) => {
      const name = accepted(ctx, "user_name");
      const greeting = sampled(ctx, "greeting");
      const count = rootCount(ctx, "client_roots");
      if (name && greeting !== undefined && count !== undefined && step(ctx).round === 1) {
        return `${greeting} ${String(name.name)} (${count} root(s))`;
      }
      return inputRequired(
        {
          user_name: askName("What is your name?"),
          greeting: sample("Generate a greeting", { maxTokens: 50 }),
          client_roots: roots(),
        },
        { round: 1 },
      );
    },
  },
  {
    name: "test_input_required_result_multi_round",
    description: "Asks for a name, then a colour, then completes",
    handler: (_args, ctx) => {
      const state = step(ctx);
      const name = accepted(ctx, "step1");
      const color = accepted(ctx, "step2");
      if (state.step === 2 && color) return `${String(state.name)} likes ${String(color.color)}`;
      if (state.step === 1 && name) {
        const next = elicit("Step 2: What is your favorite color?", { type: "object", properties: { color: { type: "string" } }, required: ["color"] });
        return inputRequired({ step2: next }, { step: 2, name: String(name.name) });
      }
      return inputRequired({ step1: askName("Step 1: What is your name?") }, { step: 1 });
    },
  },
  {
    name: "test_input_required_result_tampered_state",
    description: "Carries HMAC-signed requestState; a tampered one is refused with -32602",
    handler: (_args, ctx) => {
      const answer = accepted(ctx, "confirm");
      if (answer && step(ctx).asked === "confirm") return "state verified";
      return inputRequired({ confirm: askConfirm() }, { asked: "confirm" });
    },
  },
  {
    name: "test_input_required_result_capabilities",
    description: "Asks only for what the request's clientCapabilities declare",
    handler: (_args, ctx) => {
      const declared = ctx.clientCapabilities;
      if (Object.keys(ctx.inputResponses).length > 0) return `Answered: ${Object.keys(ctx.inputResponses).join(", ")}`;
      const requests: InputRequests = {};
      if (isObject(declared.elicitation)) requests.user_name = askName("What is your name?");
      if (isObject(declared.sampling)) requests.greeting = sample("Generate a greeting", { maxTokens: 50 });
      if (isObject(declared.roots)) requests.client_roots = roots();
      return Object.keys(requests).length > 0 ? inputRequired(requests) : "The client declared no input capability.";
    },
  },
  {
    name: "test_missing_capability",
    description: "Needs sampling: without it declared the request fails with -32021",
    handler: (_args, ctx) => {
      const text = sampled(ctx, "completion");
      return text !== undefined ? `Sampled: ${text}` : inputRequired({ completion: sample("Say something", { maxTokens: 20 }) });
    },
  },
  {
    name: "test_streaming_elicitation",
    description: "Asks for input the 2026-07-28 way: an input_required result, never a request on the stream",
    handler: (_args, ctx) => {
      const answer = accepted(ctx, "user_name");
      return answer ? `Hello, ${String(answer.name)}!` : inputRequired({ user_name: askName("What is your name?") });
    },
  },
];

export const mrtrPrompts: PromptDefinition[] = [
  {
    name: "test_input_required_result_prompt",
    description: "Asks which context to use (key user_context), then returns the prompt",
    handler: (_args, ctx) => {
      const answer = accepted(ctx, "user_context");
      if (!answer) {
        return inputRequired({
          user_context: elicit("What context should the prompt use?", { type: "object", properties: { context: { type: "string" } }, required: ["context"] }),
        });
      }
      return `Use this context: ${String(answer.context as JsonValue)}`;
    },
  },
];
