// README "The other ways a server asks", through the real client and the reference server over both
// transports, in the revisions that define each: -32042 URL elicitation required, completion notices,
// sampling with tools, a standing roots list, icons. Every frame is validated against the schema.
import { afterEach, describe, expect, it } from "vitest";
import { samplingConversation, text, vetIcons, type ClientEvent, type CreateMessageParams, type CreateMessageResult, type ElicitParams, type McpError } from "../../src/core";
import { groupRounds } from "../../src/core/recording";
import { hostileServer } from "../../src/server/hostile";
import { MODERN, TRANSPORTS, caught, closePairs, demoHandlers, expectFramesValid, messages, offerFor, openPair, paramsOf, stubPair, STUB_DISCOVER, type Pair } from "../support/harness";

afterEach(closePairs);

const URL_REVISION = "2025-11-25";

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const callIds = (p: Pair): unknown[] => messages(p.events, "out", "tools/call").map((m) => m.id);

describe.each(TRANSPORTS)("-32042 URL elicitation required, %s", (transport) => {
  it("2025-11-25: each URL becomes a URL request in a urlRequired round, then the call is retried with a new id", async () => {
    const asked: ElicitParams[] = [];
    const handlers = { ...demoHandlers(), "elicitation/create": (params: ElicitParams) => (asked.push(params), { action: "accept" as const }) };
    const p = await openPair({ transport, versions: [URL_REVISION], handlers });
    expect(text(await p.client.callTool("link-services"))).toMatch(/^Linked GitHub and Calendar after -32042 \(elicitations [0-9a-f]+, [0-9a-f]+\)\.$/);
    const rounds = p.ofType("roundStarted");
    expect(rounds).toHaveLength(1);
    expect(rounds[0]?.kind).toBe("urlRequired");
    expect(rounds[0]?.serverMessage).toBe("This request requires linking two accounts first.");
    expect(Object.keys(rounds[0]?.inputRequests ?? {})).toHaveLength(2);
    expect(asked.map((a) => a.mode === "url" && a.url)).toEqual([expect.stringMatching(/^https:\/\/github\.example\.com\//), expect.stringMatching(/^https:\/\/calendar\.example\.com\//)]);
    const retry = p.ofType("retrySent");
    expect(retry).toHaveLength(1);
    expect(retry[0]?.kind).toBe("urlRequired");
    const ids = callIds(p);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(retry[0]?.requestId);
    expect(ids[0]).not.toBe(ids[1]);
    expect(messages(p.events, "out", "tools/call").map((m) => paramsOf(m).name)).toEqual(["link-services", "link-services"]);
    expect(p.ofType("callFinished")[0]?.rounds).toBe(1);
    expectFramesValid(p.events, URL_REVISION);
  });

  it("2025-11-25: the server's completion notices complete the open URL requests and trigger the retry; an unknown id is ignored", async () => {
    const aborted: string[] = [];
    const handlers = {
      ...demoHandlers(),
      // Nobody answers: only the server's notice can complete these.
      "elicitation/create": (params: ElicitParams, ctx: { signal: AbortSignal }) =>
        new Promise<never>(() => ctx.signal.addEventListener("abort", () => aborted.push(String(params.mode === "url" && params.elicitationId)))),
    };
    const p = await openPair({ transport, versions: [URL_REVISION], handlers });
    const result = await p.client.callTool("link-services", { notify: true, notifyAfterMs: 20, alsoUnknown: true });
    expect(text(result)).toMatch(/^Linked GitHub and Calendar after -32042/);
    const completed = p.ofType("elicitationCompleted");
    expect(completed).toHaveLength(2);
    expect(completed.every((c) => c.waiting && c.round === 1)).toBe(true);
    const asked = Object.keys(p.ofType("roundStarted")[0]?.inputRequests ?? {});
    expect(completed.map((c) => c.elicitationId).sort()).toEqual([...asked].sort());
    expect(aborted.sort()).toEqual([...asked].sort());
    expect(p.ofType("inputAnswered").map((a) => [a.completedBy, a.response])).toEqual([
      ["server", { action: "accept" }],
      ["server", { action: "accept" }],
    ]);
    // Three notices came (the unknown one first); only the two known ones became events.
    const notices = messages(p.events, "in").filter((m) => m.method === "notifications/elicitation/complete");
    expect(notices).toHaveLength(3);
    expect(p.ofType("notification").filter((n) => n.method === "notifications/elicitation/complete")).toHaveLength(3);
    expectFramesValid(p.events, URL_REVISION);
  });

  it("2025-11-25: a server that asks for the same URLs again is stopped after 3 asks, in words", async () => {
    const p = await openPair({ transport, versions: [URL_REVISION], handlers: demoHandlers() });
    const error = await caught<McpError>(p.client.callTool("link-services-again"));
    expect(error.kind).toBe("protocol");
    expect(error.code).toBe(-32042);
    expect(error.reason).toEqual({ type: "urlRequired", problem: "repeated", revision: URL_REVISION, asked: 3 });
    expect(error.message).toMatch(/^the server asked for the same 2 URLs 3 times with -32042, although the user completed them each time; the client stopped retrying tools\/call$/);
    expect(p.ofType("roundStarted").map((r) => r.kind)).toEqual(["urlRequired", "urlRequired"]);
    expect(callIds(p)).toHaveLength(3);
    expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
    expectFramesValid(p.events, URL_REVISION);
  });

  it("2025-11-25: a declined URL ends the call without a retry", async () => {
    const handlers = { ...demoHandlers(), "elicitation/create": () => ({ action: "decline" as const }) };
    const p = await openPair({ transport, versions: [URL_REVISION], handlers });
    const error = await caught<McpError>(p.client.callTool("link-services"));
    expect(error.kind).toBe("cancelled");
    expect(error.message).toMatch(/needs the URL ".+" completed first; the user chose decline, so it was not retried/);
    expect(callIds(p)).toHaveLength(1);
  });

  it.each([MODERN, "2025-06-18"])("%s: -32042 is a protocol error, explained as such, and nothing is shown", async (revision) => {
    const p = await openPair({ transport, server: hostileServer(), versions: offerFor(revision), handlers: demoHandlers() });
    const error = await caught<McpError>(p.client.callTool("url-required-anywhere"));
    expect(error).toMatchObject({ kind: "protocol", code: -32042, message: "Sign in first.", reason: { type: "urlRequired", problem: "notInRevision", revision } });
    expect(p.ofType("inputRequested")).toHaveLength(0);
    expect(callIds(p)).toHaveLength(1);
    // (No schema check: the hostile server's own serverInfo icons are invalid on purpose.)
  });

  it("2026-07-28: link-services asks for the same URLs with input_required instead", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    expect(text(await p.client.callTool("link-services"))).toBe("Linked GitHub and Calendar (input_required URL elicitations).");
    expect(p.ofType("roundStarted")[0]?.kind).toBeUndefined();
    expectFramesValid(p.events, MODERN);
  });
});

describe("completion notices of live URL elicitations (in-process, where the test can speak for the server)", () => {
  it("2025-11-25: a notice closes a live URL card still open; the server gets accept", async () => {
    const server: { end?: Pair["inProcess"] } = {};
    const handlers = {
      ...demoHandlers(),
      "elicitation/create": (params: ElicitParams) => {
        if (params.mode === "url") void server.end?.session.connection.notify("notifications/elicitation/complete", { elicitationId: params.elicitationId });
        return new Promise<never>(() => undefined);
      },
    };
    const p = await openPair({ transport: "in-process", versions: [URL_REVISION], handlers });
    server.end = p.inProcess;
    expect(text(await p.client.callTool("connect-account"))).toMatch(/^Account linked/);
    expect(p.ofType("elicitationCompleted")).toEqual([expect.objectContaining({ waiting: true, round: 1 })]);
    expect(p.ofType("inputAnswered")[0]).toMatchObject({ completedBy: "server", response: { action: "accept" } });
    expectFramesValid(p.events, URL_REVISION);
  });

  it("2026-07-28 has no completion notice: one that arrives resolves nothing", async () => {
    const seen: string[] = [];
    const p = await openPair({
      transport: "in-process",
      handlers: {
        ...demoHandlers(),
        "elicitation/create": async (params: ElicitParams) => {
          await p0.inProcess?.session.connection.notify("notifications/elicitation/complete", { elicitationId: "x" });
          seen.push(params.message);
          return { action: "accept" };
        },
      },
    });
    const p0 = p;
    expect(text(await p.client.callTool("connect-account"))).toMatch(/^Account linked/);
    expect(seen).toHaveLength(1);
    expect(p.ofType("elicitationCompleted")).toHaveLength(0);
    expect(p.ofType("inputAnswered")[0]?.completedBy).toBeUndefined();
  });
});

/** A scripted model: first asks for both tools, then answers in text from the tool results. */
function scriptedModel(seen: CreateMessageParams[]) {
  return (params: CreateMessageParams): CreateMessageResult => {
    seen.push(structuredClone(params));
    if (seen.length === 1) {
      return {
        role: "assistant",
        model: "scripted",
        stopReason: "toolUse",
        content: [
          { type: "tool_use", id: "call-1", name: "get_weather", input: { city: "Oslo" } },
          { type: "tool_use", id: "call-2", name: "get_time", input: { city: "Oslo" } },
        ],
      };
    }
    return { role: "assistant", model: "scripted", stopReason: "endTurn", content: { type: "text", text: "Oslo: rainy, 18°C, 14:05." } };
  };
}

describe.each(TRANSPORTS)("sampling with tools, %s", (transport) => {
  describe.each([URL_REVISION, MODERN])("on %s", (revision) => {
    it("weather-agent: the model asks for tools, the server sends tool_result, the model answers in text", async () => {
      const seen: CreateMessageParams[] = [];
      const p = await openPair({ transport, versions: offerFor(revision), samplingTools: true, handlers: { ...demoHandlers(), "sampling/createMessage": scriptedModel(seen) } });
      const declared = p.client.getSnapshot().declaredCapabilities;
      expect(declared.sampling).toEqual({ tools: {} });
      expect(text(await p.client.callTool("weather-agent", { city: "Oslo" }))).toBe("scripted answered after 2 model turn(s): Oslo: rainy, 18°C, 14:05.");
      expect(seen).toHaveLength(2);
      expect(seen[0]?.tools?.map((t) => t.name)).toEqual(["get_weather", "get_time"]);
      expect(seen[0]?.toolChoice).toEqual({ mode: "auto" });
      const talk = samplingConversation(seen[1] as never);
      expect(talk.map((t) => t.role)).toEqual(["user", "assistant", "user"]);
      expect(talk[1]?.toolUses.map((u) => u.name)).toEqual(["get_weather", "get_time"]);
      expect(talk[2]?.toolResults.map((r) => [r.toolName, r.content])).toEqual([
        ["get_weather", [{ type: "text", text: "Oslo: 18°C, light rain" }]],
        ["get_time", [{ type: "text", text: "Oslo: 14:05 local time" }]],
      ]);
      // The tool_result arrives in the later request's inputRequested event too, for display.
      const second = p.ofType("inputRequested")[1]?.request.params as CreateMessageParams;
      expect(JSON.stringify(second.messages)).toContain('"tool_result"');
      expectFramesValid(p.events, revision);
    });

    it("a reply that uses a tool the request did not offer is not sent", async () => {
      const bad = (): CreateMessageResult => ({ role: "assistant", model: "m", content: [{ type: "tool_use", id: "a", name: "rm_rf", input: {} }] });
      const p = await openPair({ transport, versions: offerFor(revision), samplingTools: true, handlers: { ...demoHandlers(), "sampling/createMessage": bad } });
      // Both eras: the client's own reply is at fault, so the call stops here with the reason.
      const error = await caught<McpError>(p.client.callTool("weather-agent"));
      expect(error.kind).toBe("unsupported");
      expect(error.message).toMatch(/^the sampling reply cannot be sent: tool_use names "rm_rf", which the request did not offer \(get_weather, get_time\)$/);
      expect(p.ofType("inputAnswered")[0]?.error?.kind).toBe("unsupported");
    });

    it("without sampling.tools the server does not offer tools (it refuses to ask)", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      expect(p.client.getSnapshot().declaredCapabilities.sampling).toEqual({});
      if (revision === MODERN) {
        const error = await caught<McpError>(p.client.callTool("weather-agent"));
        expect(error.code).toBe(-32021);
        expect(error.data).toEqual({ requiredCapabilities: { sampling: { tools: {} } } });
      } else {
        const result = await p.client.callTool("weather-agent");
        expect(text(result)).toMatch(/requires the sampling \(with tools\) capability/);
      }
    });
  });

  it("2025-06-18 has no sampling tools: the capability is not declared there", async () => {
    const p = await openPair({ transport, versions: ["2025-06-18"], samplingTools: true, handlers: demoHandlers() });
    const init = messages(p.events, "out", "initialize")[0];
    expect((paramsOf(init as never).capabilities as Record<string, unknown>).sampling).toEqual({});
    expect((await p.client.callTool("weather-agent")).isError).toBe(true);
    expectFramesValid(p.events, "2025-06-18");
  });
});

describe("a sampling request with tools to a client that did not declare them", () => {
  it("2025-11-25: the client answers -32602, as the spec requires an error", async () => {
    const p = await openPair({ transport: "in-process", versions: [URL_REVISION], handlers: demoHandlers() });
    const request = { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10, tools: [{ name: "t", inputSchema: { type: "object" } }] };
    const error = await caught<McpError>(p.inProcess!.session.connection.request("sampling/createMessage", request));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/sampling with tools .*but sampling\.tools/);
    expectFramesValid(p.events, URL_REVISION);
  });

  it("2025-11-25: a tool_use without its tool_result is -32602", async () => {
    const p = await openPair({ transport: "in-process", versions: [URL_REVISION], samplingTools: true, handlers: demoHandlers() });
    const request = {
      messages: [
        { role: "user", content: { type: "text", text: "hi" } },
        { role: "assistant", content: [{ type: "tool_use", id: "u1", name: "t", input: {} }] },
        { role: "user", content: [{ type: "text", text: "no result" }] },
      ],
      maxTokens: 10,
      tools: [{ name: "t", inputSchema: { type: "object" } }],
    };
    const error = await caught<McpError>(p.inProcess!.session.connection.request("sampling/createMessage", request));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/tool_use "u1" in message 1 has no matching tool_result in message 2/);
  });

  it("2026-07-28: an input request with tools the client did not declare fails the call as the server's violation", async () => {
    const stub = stubPair(
      (request) =>
        request.method === "server/discover"
          ? STUB_DISCOVER
          : { resultType: "input_required", inputRequests: { m: { method: "sampling/createMessage", params: { messages: [], maxTokens: 5, tools: [{ name: "t", inputSchema: { type: "object" } }] } } } },
      { handlers: demoHandlers() },
    );
    await stub.connect();
    const error = await caught<McpError>(stub.client.callTool("x"));
    expect(error.kind).toBe("protocol");
    expect(error.reason).toEqual({ type: "undeclaredInput", key: "m", method: "sampling/createMessage" });
    await stub.close();
  });
});

describe.each(TRANSPORTS)("a standing roots list, %s", (transport) => {
  const first = [{ uri: "file:///work/alpha", name: "alpha" }];
  const second = [{ uri: "file:///work/alpha", name: "alpha" }, { uri: "file:///work/beta", name: "beta" }];

  it.each([URL_REVISION, "2024-11-05"])("%s: declared with listChanged, answered at once, a change is notified and the server re-lists", async (revision) => {
    const handlers = demoHandlers();
    const { "roots/list": _unused, ...noRootsHandler } = handlers;
    const p = await openPair({ transport, versions: [revision], handlers: noRootsHandler, roots: { list: first } });
    const init = messages(p.events, "out", "initialize")[0];
    expect((paramsOf(init as never).capabilities as Record<string, unknown>).roots).toEqual({ listChanged: true });
    expect(text(await p.client.callTool("watch-roots"))).toBe("The client shares 1 root(s): file:///work/alpha");
    expect(p.ofType("inputAnswered")[0]?.response).toEqual({ roots: first });
    await p.client.setRoots(second);
    expect(p.ofType("rootsChanged")).toEqual([expect.objectContaining({ roots: second, notified: true })]);
    expect(messages(p.events, "out", "notifications/roots/list_changed")).toHaveLength(1);
    // The server lists the roots again on the notice (a request tied to no call).
    await until(() => messages(p.events, "in", "roots/list").length === 2 && messages(p.events, "out").filter((m) => m.id === messages(p.events, "in", "roots/list")[1]?.id).length === 1, "the re-list");
    expect(text(await p.client.callTool("watch-roots"))).toBe("The client shares 2 root(s): file:///work/alpha, file:///work/beta (re-listed 1 time(s) after notifications/roots/list_changed)");
    expectFramesValid(p.events, revision);
  });

  it("2026-07-28: roots are declared without listChanged, no notice goes out, and the roots input request gets the new list", async () => {
    const p = await openPair({ transport, handlers: demoHandlers(), roots: { list: first } });
    const meta = paramsOf(messages(p.events, "out", "server/discover")[0] as never)._meta as Record<string, Record<string, unknown>>;
    expect(meta["io.modelcontextprotocol/clientCapabilities"]?.roots).toEqual({});
    expect(text(await p.client.callTool("watch-roots"))).toBe("The client shares 1 root(s): file:///work/alpha");
    await p.client.setRoots(second);
    expect(p.ofType("rootsChanged")[0]?.notified).toBe(false);
    expect(messages(p.events, "out", "notifications/roots/list_changed")).toHaveLength(0);
    expect(text(await p.client.callTool("watch-roots"))).toBe("The client shares 2 root(s): file:///work/alpha, file:///work/beta");
    expectFramesValid(p.events, MODERN);
  });

  it("ask each time: the roots/list handler answers instead of the list", async () => {
    const asked: number[] = [];
    const handlers = { ...demoHandlers(), "roots/list": () => (asked.push(1), { roots: [{ uri: "file:///picked", name: "picked" }] }) };
    const p = await openPair({ transport, versions: [URL_REVISION], handlers, roots: { list: first, askEachTime: true } });
    expect(text(await p.client.callTool("watch-roots"))).toBe("The client shares 1 root(s): file:///picked");
    expect(asked).toHaveLength(1);
  });

  it("a root that is not a file:// URI is refused in words", async () => {
    const p = await openPair({ transport, versions: [URL_REVISION], handlers: demoHandlers(), roots: { list: first } });
    const error = await caught<McpError>(p.client.setRoots([{ uri: "https://example.com" }]));
    expect(error.message).toBe("root 0 (https://example.com) is not a file:// URI, which roots must be");
    expect(p.client.roots).toEqual(first);
  });
});

describe.each(TRANSPORTS)("icons, %s", (transport) => {
  it.each([URL_REVISION, MODERN])("%s: the demo server, tools, prompts, resources and templates carry icons that pass vetting", async (revision) => {
    const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
    const info = p.client.serverInfo;
    const lists = [
      ...(await p.client.listTools()),
      ...((await p.client.listPrompts()).prompts as unknown[]),
      ...((await p.client.listResources()).resources as unknown[]),
      ...((await p.client.listResourceTemplates()).resourceTemplates as unknown[]),
    ] as { icons?: unknown }[];
    for (const item of [info, ...lists]) {
      const set = vetIcons(item?.icons);
      expect(set.refused).toEqual([]);
      expect(set.icons.length).toBeGreaterThan(0);
    }
    expect(vetIcons(info?.icons).icons.map((i) => i.scheme)).toEqual(["data", "https"]);
    expectFramesValid(p.events, revision);
  });

  it("the hostile server's icons are refused with reasons; the safe ones stay", async () => {
    const p = await openPair({ transport, server: hostileServer(), versions: [URL_REVISION], handlers: demoHandlers() });
    const tool = (await p.client.listTools()).find((t) => t.name === "hostile-icons");
    for (const set of [vetIcons(tool?.icons), vetIcons(p.client.serverInfo?.icons)]) {
      expect(set.refused.map((r) => r.reason)).toEqual([
        "javascript: icons would run code; refused",
        "plain http: icons are refused: unencrypted, and a way to track who opens the inspector",
        "the data: icon is 256 KiB, over the 64 KiB cap",
        "a data: icon must be an image; this one is text/html",
      ]);
      expect(set.icons.map((i) => [i.scheme, i.svg])).toEqual([
        ["data", true],
        ["https", false],
      ]);
    }
  });
});

describe("the rounds view of a -32042 call", () => {
  it("groupRounds keeps the urlRequired kind, the server's message and answers the server completed", async () => {
    const handlers = { ...demoHandlers(), "elicitation/create": () => new Promise<never>(() => undefined) };
    const p = await openPair({ transport: "in-process", versions: [URL_REVISION], handlers });
    const call = p.client.startCall("tools/call", { name: "link-services", arguments: { notify: true, notifyAfterMs: 10 } });
    await call.outcome;
    const events: ClientEvent[] = [];
    call.subscribe((e) => events.push(e));
    const rounds = groupRounds({ events } as never);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ kind: "urlRequired", era: "legacy", serverMessage: "This request requires linking two accounts first." });
    expect(rounds[0]?.inputs.map((i) => i.completedBy)).toEqual(["server", "server"]);
    expect(rounds[0]?.retry?.requestId).toBe(p.ofType("retrySent")[0]?.requestId);
  });
});

describe("step mode and -32042", () => {
  it("holds the retry after the URLs like any retry; abort ends the call there", async () => {
    const drafts: unknown[] = [];
    const p = await openPair({
      transport: "in-process",
      versions: [URL_REVISION],
      handlers: demoHandlers(),
      step: async (draft) => (drafts.push(draft), { action: "abort", reason: "stopped in step mode" }),
    });
    const error = await caught<McpError>(p.client.callTool("link-services"));
    expect(error).toMatchObject({ kind: "cancelled", message: "stopped in step mode" });
    expect(drafts).toHaveLength(1);
    expect(p.ofType("retryHeld")).toHaveLength(1);
    expect(callIds(p)).toHaveLength(1);
  });
});
