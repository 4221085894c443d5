/**
 * Demo tools for the other ways a server asks (README "The other ways a server asks"): URL elicitation required (-32042) with
 * completion notices, sampling with tools over several rounds, and a roots watcher that re-lists on
 * `notifications/roots/list_changed`. Each works in both eras where the revision has the feature.
 */
import { ErrorCode, blocksOf, elicitUrl, isObject, roots, sample, type CreateMessageResult, type ElicitResult, type JsonObject, type ListRootsResult, type Root } from "../../core/protocol";
import { inputRequired, inputResponse, toolError, type HandlerContext, type SessionView, type ToolDefinition } from "../definitions";
import { rpcError } from "../rpcError";

// ---------------------------------------------------------------------------------------------------
// -32042 URL elicitation required (2025-11-25) and its completion notices

const SERVICES = [
  { key: "github", label: "GitHub", url: "https://github.example.com/login/oauth/authorize?client_id=presa-demo" },
  { key: "calendar", label: "Calendar", url: "https://calendar.example.com/connect?client=presa-demo" },
] as const;

function randomId(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function urlRequiredError(ids: string[]): Error {
  const elicitations = SERVICES.map((s, i) => ({
    mode: "url",
    elicitationId: ids[i] as string,
    url: `${s.url}&elicitationId=${ids[i] as string}`,
    message: `Link your ${s.label} account so the tool can read it.`,
  }));
  return rpcError(ErrorCode.UrlElicitationRequired, "This request requires linking two accounts first.", { elicitations });
}

const NOTIFY_SCHEMA: JsonObject = {
  type: "object",
  properties: {
    notify: { type: "boolean", title: "Send completion notices", description: "The server says each link is done (notifications/elicitation/complete)", default: false },
    notifyAfterMs: { type: "integer", title: "Notice delay (ms)", minimum: 0, maximum: 60000, default: 300 },
    alsoUnknown: { type: "boolean", title: "Also a notice for an unknown id", description: "A client must ignore it", default: false },
  },
};

/** The 2026-07-28 way to ask for the same two links: URL elicitations in input_required. */
function modernLinks(ctx: HandlerContext): ReturnType<ToolDefinition["handler"]> {
  const answers = SERVICES.map((s) => inputResponse(ctx, s.key) as ElicitResult | undefined);
  if (answers.some((a) => a === undefined)) {
    return inputRequired(Object.fromEntries(SERVICES.map((s) => [s.key, elicitUrl(`Link your ${s.label} account so the tool can read it.`, s.url)])));
  }
  const refused = SERVICES.filter((_s, i) => answers[i]?.action !== "accept");
  if (refused.length > 0) return toolError(`Not linked: ${refused.map((s) => s.label).join(", ")}`);
  return "Linked GitHub and Calendar (input_required URL elicitations).";
}

function legacyGate(ctx: HandlerContext): ReturnType<ToolDefinition["handler"]> | undefined {
  if (ctx.revision < "2025-11-25") return toolError(`-32042 needs 2025-11-25 or later; this session speaks ${ctx.revision}.`);
  const e = ctx.clientCapabilities.elicitation;
  if (!isObject(e) || !isObject(e.url)) return toolError("The client did not declare URL elicitation, so the server may not send -32042.");
  return undefined;
}

/**
 * The two -32042 tools, with per-session memory of the ids asked (a session is the unit a 2025-11-25
 * elicitationId is scoped to). `link-services` succeeds on the retry after its URLs; the `-again`
 * variant asks for the very same URLs on every retry, which a client must stop.
 */
export function urlRequiredTools(): ToolDefinition[] {
  const pending = new WeakMap<SessionView, string[]>();
  const forever = new WeakMap<SessionView, string[]>();
  const notifyLater = (session: SessionView, ids: string[], args: Record<string, unknown>): void => {
    if (args.notify !== true) return;
    const delay = typeof args.notifyAfterMs === "number" ? Math.min(Math.max(args.notifyAfterMs, 0), 60_000) : 300;
    setTimeout(() => {
      const all = args.alsoUnknown === true ? [`unknown-${randomId()}`, ...ids] : ids;
      for (const id of all) void session.notify("notifications/elicitation/complete", { elicitationId: id }).catch(() => undefined);
    }, delay);
  };
  const linkServices: ToolDefinition = {
    name: "link-services",
    title: "Link services (-32042 URL elicitation required)",
    description: "On 2025-11-25 answers with -32042 listing two sign-in URLs, then succeeds on the retry; on 2026-07-28 asks with input_required",
    inputSchema: NOTIFY_SCHEMA,
    handler: (args, ctx) => {
      if (ctx.era === "modern") return modernLinks(ctx);
      const gate = legacyGate(ctx);
      if (gate || !ctx.session) return gate ?? toolError("no session");
      const asked = pending.get(ctx.session);
      if (asked) {
        pending.delete(ctx.session);
        return `Linked GitHub and Calendar after -32042 (elicitations ${asked.join(", ")}).`;
      }
      const ids = SERVICES.map(() => randomId());
      pending.set(ctx.session, ids);
      notifyLater(ctx.session, ids, args);
      throw urlRequiredError(ids);
    },
  };
  const linkAgain: ToolDefinition = {
    name: "link-services-again",
    title: "Link services, asking forever (-32042 loop)",
    description: "Answers every call and retry with -32042 for the same two URLs; a client must stop retrying",
    inputSchema: NOTIFY_SCHEMA,
    handler: (args, ctx) => {
      if (ctx.era === "modern") return inputRequired({ github: elicitUrl("Link your GitHub account (again).", SERVICES[0].url) });
      const gate = legacyGate(ctx);
      if (gate || !ctx.session) return gate ?? toolError("no session");
      let ids = forever.get(ctx.session);
      if (!ids) forever.set(ctx.session, (ids = SERVICES.map(() => randomId())));
      notifyLater(ctx.session, ids, args);
      throw urlRequiredError(ids);
    },
  };
  return [linkServices, linkAgain];
}

// ---------------------------------------------------------------------------------------------------
// Sampling with tools (2025-11-25 on)

const WEATHER_TOOLS: JsonObject[] = [
  {
    name: "get_weather",
    description: "The current weather in a city",
    inputSchema: { type: "object", properties: { city: { type: "string", description: "City name" } }, required: ["city"] },
  },
  {
    name: "get_time",
    description: "The local time in a city",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
];

/** The server runs the model's tool calls: deterministic, so tests and demos read the same. */
function runTool(name: unknown, input: unknown): { text: string; isError: boolean } {
  const city = isObject(input) && typeof input.city === "string" ? input.city.slice(0, 60) : undefined;
  if (!city) return { text: "city is required", isError: true };
  if (name === "get_weather") return { text: `${city}: 18°C, light rain`, isError: false };
  if (name === "get_time") return { text: `${city}: 14:05 local time`, isError: false };
  return { text: `unknown tool ${JSON.stringify(name)}`, isError: true };
}

type AgentState = { messages: JsonObject[]; turns: number };

/** The most model turns the agent allows before it gives up on a model that only calls tools. */
const MAX_AGENT_TURNS = 5;

const weatherAgent: ToolDefinition = {
  name: "weather-agent",
  title: "Weather agent (sampling with tools)",
  description: "Samples with two tools over several rounds: the model asks for a tool, the server runs it and sends tool_result, the model answers in text",
  inputSchema: { type: "object", properties: { city: { type: "string", title: "City", default: "Paris" } } },
  handler: (args, ctx) => {
    const state = ctx.state as AgentState | undefined;
    const city = typeof args.city === "string" && args.city !== "" ? args.city.slice(0, 60) : "Paris";
    let messages: JsonObject[] = state?.messages ?? [{ role: "user", content: { type: "text", text: `What is the weather in ${city} right now, and what time is it there?` } }];
    const turns = state?.turns ?? 0;
    if (state) {
      const reply = inputResponse(ctx, "model") as CreateMessageResult | undefined;
      if (!reply || !isObject(reply)) return toolError("The client sent no model reply.");
      const blocks = blocksOf(reply.content);
      const uses = blocks.filter((b) => b.type === "tool_use");
      if (uses.length === 0) {
        const said = blocks.flatMap((b) => (b.type === "text" && typeof b.text === "string" ? [b.text] : [])).join("\n");
        return `${String(reply.model)} answered after ${turns} model turn(s): ${said || "(no text)"}`;
      }
      if (turns >= MAX_AGENT_TURNS) return toolError(`The model asked for tools ${turns} times without answering; the agent stopped.`);
      const results = uses.map((u) => {
        const run = runTool(u.name, u.input);
        return { type: "tool_result", toolUseId: String(u.id), content: [{ type: "text", text: run.text }], ...(run.isError ? { isError: true } : {}) };
      });
      messages = [...messages, { role: "assistant", content: uses as unknown as JsonObject[] }, { role: "user", content: results as unknown as JsonObject[] }];
    }
    return inputRequired(
      { model: sample(messages as never, { tools: WEATHER_TOOLS, toolChoice: { mode: "auto" }, maxTokens: 400, systemPrompt: "Use the tools to answer; reply in one sentence." }) },
      { messages, turns: turns + 1 },
    );
  },
};

// ---------------------------------------------------------------------------------------------------
// A roots watcher

function describeRoots(list: Root[], relisted: number): string {
  const head = list.length === 0 ? "The client shares no roots." : `The client shares ${list.length} root(s): ${list.map((r) => r.uri).join(", ")}`;
  return relisted > 0 ? `${head} (re-listed ${relisted} time(s) after notifications/roots/list_changed)` : head;
}

const watchRoots: ToolDefinition = {
  name: "watch-roots",
  title: "Watch roots (reads them once, re-lists on change)",
  description: "Reads the client's roots at its first call; on initialize-era sessions it then lists them again whenever the client says they changed",
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "roots") as ListRootsResult | undefined;
    const list = answer && Array.isArray(answer.roots) ? answer.roots.filter((r) => isObject(r) && typeof r.uri === "string") : undefined;
    if (ctx.era === "modern") {
      // 2026-07-28 has no list_changed: the roots are asked for on every call.
      return list ? describeRoots(list, 0) : inputRequired({ roots: roots() });
    }
    if (list) {
      ctx.session?.watchRoots(list);
      return describeRoots(list, 0);
    }
    const known = ctx.session?.roots();
    return known ? describeRoots(known.roots, known.relisted) : inputRequired({ roots: roots() });
  },
};

export const waysTools: ToolDefinition[] = [weatherAgent, watchRoots];
