/**
 * Interop for README "The other ways a server asks" with real peers over Streamable HTTP on
 * 127.0.0.1: server-everything (its -32042 error path and its roots re-list on list_changed), an
 * SDK 2.x server (-32042 with a completion notice, sampling with tools in both eras) and the SDK 2.x
 * client against our demo server (sampling with tools, roots list_changed, -32042, icons).
 * No peer sends hostile icons or repeats a -32042 forever: those are covered by test/integration/ways.test.ts.
 */
import { Client as SdkClient, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { McpServer, UrlElicitationRequiredError, inputRequired, inputResponse } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useEverything, useOurDemoServer } from "../support/interop/support";
import { StreamableHttpTransport, connect, text, vetIcons, type Client, type ClientEvent, type CreateMessageParams, type CreateMessageResult } from "../../src/core";
import { demoHandlers, validateFrames } from "../support/harness";
import type { FetchServer } from "../support/interop/fetchServer";
import { startSdkServer } from "../support/interop/sdkServer";
import { record } from "../support/interop/table";

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function collect(client: Client): ClientEvent[] {
  const events: ClientEvent[] = [];
  client.subscribe((e) => events.push(e));
  return events;
}

const inbound = (events: ClientEvent[], method: string): number =>
  events.filter((e) => e.type === "frame" && e.frame.direction === "in" && (e.frame.message as { method?: string } | undefined)?.method === method).length;

const ALPHA = [{ uri: "file:///work/alpha", name: "alpha" }];
const BOTH = [...ALPHA, { uri: "file:///work/beta", name: "beta" }];

describe("our client ↔ server-everything (2025-11-25)", () => {
  const everything = useEverything();

  it("trigger-url-elicitation's error path: -32042 becomes a urlRequired round, then the retry's live URL elicitation", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "-32042 URL elicitation required, retried", revision: "2025-11-25" });
    const client = await connect(new StreamableHttpTransport(everything.url), { versions: ["2025-11-25"], handlers: demoHandlers(), requestTimeoutMs: 15_000 });
    const events = collect(client);
    try {
      // The call's own events: server-everything syncs the roots (roots/list on the standalone GET
      // stream, 350 ms after initialized) whenever its timer fires, so the sync may land before,
      // during or after this call. A request on that stream is tied to no request, so it is never
      // one of the call's rounds, whatever the timing.
      const call = client.startCall("tools/call", { name: "trigger-url-elicitation", arguments: { url: "https://example.com/authorize", errorPath: true } });
      const own: ClientEvent[] = [];
      call.subscribe((e) => own.push(e));
      const outcome = await call.outcome;
      if (!outcome.ok) throw outcome.error;
      expect(text(outcome.result)).toContain("User completed the URL elicitation flow");
      const rounds = own.filter((e): e is Extract<ClientEvent, { type: "roundStarted" }> => e.type === "roundStarted");
      expect(rounds.map((r) => r.kind)).toEqual(["urlRequired", undefined]);
      expect(own.filter((e) => e.type === "retrySent" && e.kind === "urlRequired")).toHaveLength(1);
      expect(validateFrames(events, "2025-11-25").failures).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("a standing roots list: get-roots-list reads it, a change is notified and the server re-lists", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "standing roots, notifications/roots/list_changed", revision: "2025-11-25" });
    const { "roots/list": _unused, ...handlers } = demoHandlers();
    const client = await connect(new StreamableHttpTransport(everything.url), { versions: ["2025-11-25"], handlers, roots: { list: ALPHA }, requestTimeoutMs: 15_000 });
    const events = collect(client);
    try {
      expect(text(await client.callTool("get-roots-list"))).toContain("file:///work/alpha");
      const before = inbound(events, "roots/list");
      await client.setRoots(BOTH);
      await until(() => inbound(events, "roots/list") > before, "server-everything to list the roots again");
      await until(() => events.some((e) => e.type === "frame" && e.frame.direction === "in" && /Roots updated: 2 root/.test(e.frame.raw)), "its log of the new roots");
      expect(text(await client.callTool("get-roots-list"))).toContain("file:///work/beta");
    } finally {
      await client.close();
    }
  });
});

/** An SDK 2.x server with the tools of README "The other ways a server asks": -32042 plus a completion notice, and sampling with tools. */
function sdkWaysServer(): McpServer {
  const server = new McpServer({ name: "sdk-ways-server", version: "1.0.0" }, { capabilities: { tools: {} } });
  let linked = false;
  server.registerTool("link", { description: "-32042 first, then linked; the server notices the completion" }, () => {
    if (linked) return { content: [{ type: "text", text: "linked" }] };
    linked = true;
    const elicitationId = `sdk-${Math.random().toString(36).slice(2)}`;
    const notify = server.server.createElicitationCompletionNotifier(elicitationId);
    setTimeout(() => void notify().catch(() => undefined), 30);
    throw new UrlElicitationRequiredError([{ mode: "url", elicitationId, url: "https://auth.example.com/sdk", message: "Sign in to the SDK service." }], "Sign in first.");
  });
  const tools = [{ name: "get_weather", description: "Weather", inputSchema: { type: "object" as const, properties: { city: { type: "string" as const } }, required: ["city"] } }];
  server.registerTool("weather", { description: "Samples with a tool, runs it, samples again" }, (ctx) => {
    const reply = inputResponse(ctx.mcpReq.inputResponses, "model");
    const question = { role: "user" as const, content: { type: "text" as const, text: "Weather in Oslo?" } };
    if (reply.kind !== "sampling") return inputRequired({ inputRequests: { model: inputRequired.createMessage({ messages: [question], maxTokens: 100, tools }) }, requestState: "1" });
    const blocks = Array.isArray(reply.result.content) ? reply.result.content : [reply.result.content];
    const use = blocks.find((b) => b.type === "tool_use");
    if (!use || use.type !== "tool_use") return { content: [{ type: "text", text: `answer: ${blocks.map((b) => (b.type === "text" ? b.text : "")).join("")}` }] };
    const messages = [
      question,
      { role: "assistant" as const, content: [use] },
      { role: "user" as const, content: [{ type: "tool_result" as const, toolUseId: use.id, content: [{ type: "text" as const, text: "18°C" }] }] },
    ];
    return inputRequired({ inputRequests: { model: inputRequired.createMessage({ messages, maxTokens: 100, tools }) }, requestState: "2" });
  });
  return server;
}

function scripted(seen: CreateMessageParams[]) {
  return (params: CreateMessageParams): CreateMessageResult => {
    seen.push(params);
    const hasResult = JSON.stringify(params.messages).includes('"tool_result"');
    return hasResult
      ? { role: "assistant", model: "presa", content: { type: "text", text: "Rainy, 18°C." }, stopReason: "endTurn" }
      : { role: "assistant", model: "presa", content: [{ type: "tool_use", id: "u1", name: "get_weather", input: { city: "Oslo" } }], stopReason: "toolUse" };
  };
}

describe("our client ↔ an SDK 2.x server", () => {
  let sdk: FetchServer;
  beforeAll(async () => {
    sdk = await startSdkServer(sdkWaysServer);
  });
  afterAll(async () => {
    await sdk.close();
  });

  it("2025-11-25: -32042, then the SDK's completion notice completes the URL card and the call is retried", async ({ task }) => {
    record(task, { area: "SDK 2.x", scenario: "our client → SDK server: -32042 + notifications/elicitation/complete", revision: "2025-11-25" });
    const handlers = { ...demoHandlers(), "elicitation/create": () => new Promise<never>(() => undefined) };
    const client = await connect(new StreamableHttpTransport(sdk.url), { versions: ["2025-11-25"], handlers, requestTimeoutMs: 10_000 });
    const events = collect(client);
    try {
      expect(text(await client.callTool("link"))).toBe("linked");
      expect(events.filter((e) => e.type === "elicitationCompleted")).toHaveLength(1);
      expect(events.find((e) => e.type === "inputAnswered")).toMatchObject({ completedBy: "server" });
      expect(validateFrames(events, "2025-11-25").failures).toEqual([]);
    } finally {
      await client.close();
    }
  });

  for (const revision of ["2026-07-28", "2025-11-25"]) {
    it(`${revision}: sampling with tools over two rounds, answered with tool_use then text`, async ({ task }) => {
      record(task, { area: "SDK 2.x", scenario: "our client → SDK server: sampling with tools", revision });
      const seen: CreateMessageParams[] = [];
      const client = await connect(new StreamableHttpTransport(sdk.url), { versions: [revision], samplingTools: true, handlers: { ...demoHandlers(), "sampling/createMessage": scripted(seen) }, requestTimeoutMs: 10_000 });
      const events = collect(client);
      try {
        expect(text(await client.callTool("weather"))).toBe("answer: Rainy, 18°C.");
        expect(seen).toHaveLength(2);
        expect(seen[0]?.tools?.[0]?.name).toBe("get_weather");
        expect(validateFrames(events, revision).failures).toEqual([]);
      } finally {
        await client.close();
      }
    });
  }
});

describe("the SDK 2.x client ↔ our demo server", () => {
  const ours = useOurDemoServer();

  function sdkClient(pinModern: boolean, roots: { list: typeof BOTH }) {
    const client = new SdkClient(
      { name: "sdk-ways-client", version: "1.0.0" },
      {
        capabilities: { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: { listChanged: true } },
        ...(pinModern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
      },
    );
    let turn = 0;
    client.setRequestHandler("sampling/createMessage", () => {
      turn++;
      return turn === 1
        ? { role: "assistant", model: "sdk-model", stopReason: "toolUse", content: [{ type: "tool_use", id: "t1", name: "get_weather", input: { city: "Rome" } }] }
        : { role: "assistant", model: "sdk-model", stopReason: "endTurn", content: { type: "text", text: "Rome: rainy." } };
    });
    client.setRequestHandler("roots/list", () => ({ roots: roots.list }));
    client.setRequestHandler("elicitation/create", () => ({ action: "accept" }));
    return client;
  }

  for (const era of ["2026-07-28", "2025-11-25"] as const) {
    it(`${era}: weather-agent with the SDK client's tool_use reply, and icons the SDK keeps`, async ({ task }) => {
      record(task, { area: "SDK 2.x", scenario: "SDK client → our server: sampling with tools, icons", revision: era });
      const client = sdkClient(era === "2026-07-28", { list: ALPHA });
      await client.connect(new StreamableHTTPClientTransport(new URL(ours.url)));
      try {
        const tools = (await client.listTools()).tools;
        const agent = tools.find((t) => t.name === "weather-agent");
        expect(vetIcons(agent?.icons).icons).toHaveLength(1);
        expect(vetIcons(client.getServerVersion()?.icons).icons).toHaveLength(2);
        const result = await client.callTool({ name: "weather-agent", arguments: { city: "Rome" } });
        expect((result.content as { text: string }[])[0]?.text).toBe("sdk-model answered after 2 model turn(s): Rome: rainy.");
      } finally {
        await client.close();
      }
    });
  }

  it("2025-11-25: watch-roots re-lists after the SDK client's roots/list_changed; link-services gives the SDK client -32042", async ({ task }) => {
    record(task, { area: "SDK 2.x", scenario: "SDK client → our server: roots list_changed, -32042", revision: "2025-11-25" });
    const roots = { list: ALPHA };
    const client = sdkClient(false, roots);
    await client.connect(new StreamableHTTPClientTransport(new URL(ours.url)));
    const textOf = (r: unknown): string => ((r as { content: { text: string }[] }).content[0]?.text ?? "");
    try {
      expect(textOf(await client.callTool({ name: "watch-roots", arguments: {} }))).toBe("The client shares 1 root(s): file:///work/alpha");
      roots.list = BOTH;
      await client.sendRootsListChanged();
      let seen = "";
      // The re-list happens after the notice; ask until the tool reports it (each call waits for the last).
      for (let i = 0; i < 100 && !seen.includes("re-listed"); i++) {
        seen = textOf(await client.callTool({ name: "watch-roots", arguments: {} }));
        if (!seen.includes("re-listed")) await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe("The client shares 2 root(s): file:///work/alpha, file:///work/beta (re-listed 1 time(s) after notifications/roots/list_changed)");
      const error = await client.callTool({ name: "link-services", arguments: {} }).then(
        () => undefined,
        (e: unknown) => e as { code?: number; data?: { elicitations?: unknown[] } },
      );
      expect(error?.code).toBe(-32042);
      expect(error?.data?.elicitations).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
