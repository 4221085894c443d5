import { describe, expect, it } from "vitest";
import {
  WIRE_REVISIONS,
  expectValidFrame,
  methodsOf,
  validateDefinition,
  validateFrame,
  type FrameContext,
  type WireRevision,
} from "./wireSchema";

interface Case {
  name: string;
  frame: unknown;
  context: FrameContext;
  /** For invalid cases: text that must appear in `definition` or `errors`. */
  mentions?: string;
}

const client: FrameContext = { sender: "client" };
const server: FrameContext = { sender: "server" };
const answer = (sender: FrameContext["sender"], method: string): FrameContext => ({ sender, answers: method });

const request = (id: number | string, method: string, params?: object) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
const notification = (method: string, params?: object) => ({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
const response = (id: number | string, result: unknown) => ({ jsonrpc: "2.0", id, result });
const errorResponse = (id: number | string | undefined, error: object) => ({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), error });

const clientInfo = { name: "presa-test", version: "0.0.0" };
const text = (t: string) => ({ type: "text", text: t });
const initialize = (protocolVersion: string, capabilities: object = {}) =>
  request(1, "initialize", { protocolVersion, capabilities, clientInfo });

/** The two `_meta` keys every 2026-07-28 client request MUST carry. */
const meta2026 = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} }, sampling: {}, roots: {} },
  "io.modelcontextprotocol/clientInfo": clientInfo,
};
const formElicitation = {
  mode: "form",
  message: "Who are you?",
  requestedSchema: { type: "object", properties: { name: { type: "string" }, age: { type: "integer" } }, required: ["name"] },
};

function expectAll(revision: WireRevision, valid: Case[], invalid: Case[]): void {
  it.each(valid)("accepts $name", ({ frame, context }) => {
    expectValidFrame(revision, frame, context);
  });
  it.each(invalid)("rejects $name", ({ frame, context, mentions }) => {
    const verdict = validateFrame(revision, frame, context);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok && mentions) expect(`${verdict.definition}\n${verdict.errors}`).toContain(mentions);
  });
}

describe("2024-11-05 (draft-07)", () => {
  expectAll(
    "2024-11-05",
    [
      { name: "an initialize request", frame: initialize("2024-11-05", { roots: { listChanged: true }, sampling: {} }), context: client },
      {
        name: "an initialize result",
        frame: response(1, { protocolVersion: "2024-11-05", capabilities: { tools: { listChanged: true } }, serverInfo: { name: "s", version: "1" } }),
        context: answer("server", "initialize"),
      },
      { name: "notifications/initialized", frame: notification("notifications/initialized"), context: client },
      { name: "a tools/call request", frame: request(2, "tools/call", { name: "echo", arguments: { text: "hi" } }), context: client },
      { name: "a tools/call result", frame: response(2, { content: [text("hi")], isError: false }), context: answer("server", "tools/call") },
      { name: "a ping from the server", frame: request("s-1", "ping"), context: server },
      { name: "the client's empty ping result", frame: response("s-1", {}), context: answer("client", "ping") },
      {
        name: "a sampling/createMessage server request",
        frame: request("s-2", "sampling/createMessage", { messages: [{ role: "user", content: text("2+2?") }], maxTokens: 10 }),
        context: server,
      },
      {
        name: "the client's CreateMessageResult",
        frame: response("s-2", { role: "assistant", content: text("4"), model: "m" }),
        context: answer("client", "sampling/createMessage"),
      },
      { name: "an error response with an id", frame: errorResponse(3, { code: -32601, message: "Method not found" }), context: server },
    ],
    [
      { name: "initialize without clientInfo", frame: request(1, "initialize", { protocolVersion: "2024-11-05", capabilities: {} }), context: client, mentions: "clientInfo" },
      { name: "jsonrpc 1.0", frame: { ...request(2, "tools/list"), jsonrpc: "1.0" }, context: client, mentions: "JSONRPCRequest" },
      { name: "an error response without id (JSONRPCError requires it here)", frame: errorResponse(undefined, { code: -32700, message: "Parse error" }), context: server, mentions: "JSONRPCError" },
      {
        name: "audio content, which arrives in 2025-03-26",
        frame: response(2, { content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }] }),
        context: answer("server", "tools/call"),
        mentions: "CallToolResult",
      },
      { name: "elicitation/create, which does not exist yet", frame: request("s-3", "elicitation/create", formElicitation), context: server, mentions: "ServerRequest" },
      { name: "server/discover from a legacy client", frame: request(4, "server/discover", {}), context: client, mentions: "ClientRequest" },
      { name: "a result answering a method that does not exist", frame: response(5, {}), context: answer("server", "server/discover"), mentions: "ServerResult" },
      { name: "a frame that is not an object", frame: "hello", context: client, mentions: "JSONRPCMessage" },
      { name: "a response with both result and error", frame: { ...response(6, {}), error: { code: 1, message: "x" } }, context: server, mentions: "exactly one" },
    ],
  );
});

describe("2025-03-26 (draft-07)", () => {
  expectAll(
    "2025-03-26",
    [
      { name: "an initialize request", frame: initialize("2025-03-26"), context: client },
      {
        name: "audio content in a tools/call result",
        frame: response(2, { content: [{ type: "audio", data: "AAAA", mimeType: "audio/wav" }] }),
        context: answer("server", "tools/call"),
      },
      {
        name: "a completion/complete request",
        frame: request(3, "completion/complete", { ref: { type: "ref/prompt", name: "greet" }, argument: { name: "who", value: "A" } }),
        context: client,
      },
      { name: "a progress notification", frame: notification("notifications/progress", { progressToken: "t", progress: 1, total: 2 }), context: server },
    ],
    [
      { name: "a tools/call result without content", frame: response(2, { isError: true }), context: answer("server", "tools/call"), mentions: "content" },
      { name: "a tools/list request from the server", frame: request("s-1", "tools/list"), context: server, mentions: "ServerRequest" },
    ],
  );
});

describe("2025-06-18 (draft-07)", () => {
  const { mode: _mode, ...formWithoutMode } = formElicitation;
  expectAll(
    "2025-06-18",
    [
      { name: "an elicitation/create server request (no mode yet)", frame: request("s-1", "elicitation/create", formWithoutMode), context: server },
      {
        name: "an ElicitResult with integer and string content",
        frame: response("s-1", { action: "accept", content: { name: "Ada", age: 36, ok: true } }),
        context: answer("client", "elicitation/create"),
      },
      {
        name: "a tools/call result with structuredContent",
        frame: response(2, { content: [text("{}")], structuredContent: { temperature: 21 } }),
        context: answer("server", "tools/call"),
      },
    ],
    [
      {
        // Known schema.json gotcha: schema.json says "integer" where the TS source says number, so a valid 95.5 fails.
        name: "an ElicitResult with a float (schema.json types content numbers as integer)",
        frame: response("s-1", { action: "accept", content: { score: 95.5 } }),
        context: answer("client", "elicitation/create"),
        mentions: "must be string,integer,boolean",
      },
      { name: "an ElicitResult with an unknown action", frame: response("s-1", { action: "maybe" }), context: answer("client", "elicitation/create"), mentions: "allowedValues" },
    ],
  );
});

describe("2025-11-25 (draft 2020-12)", () => {
  const urlElicitation = { mode: "url", message: "Sign in", url: "https://example.com/login", elicitationId: "e-1" };
  const { elicitationId: _id, ...urlWithoutId } = urlElicitation;
  const task = { taskId: "t-1", status: "working", createdAt: "2025-11-25T00:00:00Z", lastUpdatedAt: "2025-11-25T00:00:00Z", ttl: null };
  expectAll(
    "2025-11-25",
    [
      { name: "an initialize request with form and url elicitation", frame: initialize("2025-11-25", { elicitation: { form: {}, url: {} } }), context: client },
      { name: "an elicitation/create form request", frame: request("s-1", "elicitation/create", formElicitation), context: server },
      { name: "an elicitation/create url request", frame: request("s-2", "elicitation/create", urlElicitation), context: server },
      {
        name: "an ElicitResult with a multi-select answer",
        frame: response("s-1", { action: "accept", content: { colours: ["red", "blue"], name: "Ada" } }),
        context: answer("client", "elicitation/create"),
      },
      { name: "notifications/elicitation/complete", frame: notification("notifications/elicitation/complete", { elicitationId: "e-1" }), context: server },
      { name: "an error response without id", frame: errorResponse(undefined, { code: -32700, message: "Parse error" }), context: server },
      {
        name: "a -32042 URLElicitationRequiredError",
        frame: errorResponse(7, { code: -32042, message: "Sign in first", data: { elicitations: [urlElicitation] } }),
        context: server,
      },
      {
        name: "a CreateTaskResult for a task-augmented tools/call",
        frame: response(8, { task }),
        context: { sender: "server", answers: "tools/call", taskAugmented: true },
      },
    ],
    [
      { name: "a url elicitation without elicitationId", frame: request("s-2", "elicitation/create", urlWithoutId), context: server, mentions: "elicitationId" },
      {
        // Known schema.json gotcha, documented rather than patched: 95.5 is valid per the TS source.
        name: "an ElicitResult with a float (schema.json types content numbers as integer)",
        frame: response("s-1", { action: "accept", content: { score: 95.5 } }),
        context: answer("client", "elicitation/create"),
        mentions: "must be string,integer,boolean",
      },
      { name: "a -32042 error without data.elicitations", frame: errorResponse(7, { code: -32042, message: "Sign in first" }), context: server, mentions: "URLElicitationRequiredError" },
      { name: "a task with an unknown status", frame: response(8, { task: { ...task, status: "paused" } }), context: { sender: "server", answers: "tools/call", taskAugmented: true }, mentions: "CreateTaskResult" },
    ],
  );
});

describe("2026-07-28 (draft 2020-12)", () => {
  const call = (id: number, extra: object = {}) => request(id, "tools/call", { name: "get_weather", arguments: { location: "NYC" }, _meta: meta2026, ...extra });
  const inputRequired = {
    resultType: "input_required",
    inputRequests: {
      who: { method: "elicitation/create", params: formElicitation },
      capital: { method: "sampling/createMessage", params: { messages: [{ role: "user", content: text("Capital of France?") }], maxTokens: 20 } },
      roots: { method: "roots/list", params: {} },
    },
    requestState: '{"round":1}',
  };
  const withoutMeta = (key: keyof typeof meta2026) => {
    const { [key]: _dropped, ...rest } = meta2026;
    return call(1, { _meta: rest });
  };
  expectAll(
    "2026-07-28",
    [
      { name: "a tools/call with the required _meta", frame: call(1), context: client },
      { name: "a server/discover request", frame: request("d-1", "server/discover", { _meta: meta2026 }), context: client },
      {
        name: "a DiscoverResult",
        frame: response("d-1", {
          resultType: "complete",
          supportedVersions: ["2026-07-28"],
          capabilities: { tools: {} },
          ttlMs: 3600000,
          cacheScope: "public",
          _meta: { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } },
        }),
        context: answer("server", "server/discover"),
      },
      { name: "a complete tools/call result", frame: response(1, { resultType: "complete", content: [text("21C")] }), context: answer("server", "tools/call") },
      { name: "an input_required result with inputRequests", frame: response(1, inputRequired), context: answer("server", "tools/call") },
      { name: "a state-only input_required round", frame: response(1, { resultType: "input_required", requestState: "s" }), context: answer("server", "tools/call") },
      {
        name: "the retry with inputResponses and the echoed requestState",
        frame: call(2, {
          inputResponses: {
            who: { action: "accept", content: { name: "Ada", age: 36 } },
            capital: { role: "assistant", content: text("Paris"), model: "m", stopReason: "endTurn" },
            roots: { roots: [{ uri: "file:///home/ada", name: "home" }] },
          },
          requestState: '{"round":1}',
        }),
        context: client,
      },
      { name: "an input_required answer to prompts/get", frame: response(3, inputRequired), context: answer("server", "prompts/get") },
      {
        name: "a -32021 error with requiredCapabilities",
        frame: errorResponse(1, { code: -32021, message: "needs elicitation", data: { requiredCapabilities: { elicitation: {} } } }),
        context: server,
      },
      {
        name: "a -32022 error with supported and requested",
        frame: errorResponse(1, { code: -32022, message: "Unsupported protocol version", data: { supported: ["2026-07-28"], requested: "1900-01-01" } }),
        context: server,
      },
      { name: "notifications/cancelled from the client", frame: notification("notifications/cancelled", { requestId: 1, reason: "user" }), context: client },
      {
        name: "a task result when the client advertised the extension",
        frame: response(1, { resultType: "task", taskId: "t1", status: "working", createdAt: "2026-07-28T10:00:00Z", lastUpdatedAt: "2026-07-28T10:00:00Z", ttlMs: 60000 }),
        context: { ...answer("server", "tools/call"), extraResultTypes: ["task"] },
      },
    ],
    [
      { name: "a tools/call without protocolVersion", frame: withoutMeta("io.modelcontextprotocol/protocolVersion"), context: client, mentions: "io.modelcontextprotocol/protocolVersion" },
      { name: "a tools/call without clientCapabilities", frame: withoutMeta("io.modelcontextprotocol/clientCapabilities"), context: client, mentions: "io.modelcontextprotocol/clientCapabilities" },
      { name: "a tools/call without _meta", frame: request(1, "tools/call", { name: "x" }), context: client, mentions: "_meta" },
      { name: "initialize (removed in 2026)", frame: initialize("2026-07-28"), context: client, mentions: "ClientRequest" },
      { name: "ping (removed in 2026)", frame: request(1, "ping", { _meta: meta2026 }), context: client, mentions: "ClientRequest" },
      { name: "a server-to-client elicitation/create request", frame: request("s-1", "elicitation/create", formElicitation), context: server, mentions: "no ServerRequest" },
      { name: "notifications/initialized (removed in 2026)", frame: notification("notifications/initialized"), context: client, mentions: "ClientNotification" },
      { name: "a complete tools/call result without content", frame: response(1, { resultType: "complete" }), context: answer("server", "tools/call"), mentions: "content" },
      { name: "a result without resultType", frame: response(1, { content: [text("x")] }), context: answer("server", "tools/call"), mentions: "resultType" },
      { name: "input_required with neither inputRequests nor requestState", frame: response(1, { resultType: "input_required" }), context: answer("server", "tools/call"), mentions: "at least one" },
      { name: "input_required in answer to tools/list", frame: response(1, inputRequired), context: answer("server", "tools/list"), mentions: "not allowed" },
      { name: 'the pre-release resultType "incomplete"', frame: response(1, { resultType: "incomplete", requestState: "s" }), context: answer("server", "tools/call"), mentions: "unrecognised" },
      { name: "a task result the client did not advertise", frame: response(1, { resultType: "task", task: {} }), context: answer("server", "tools/call"), mentions: "unrecognised" },
      { name: "a tools/list result without ttlMs", frame: response(1, { resultType: "complete", tools: [], cacheScope: "public" }), context: answer("server", "tools/list"), mentions: "ttlMs" },
      { name: "a -32021 error without data", frame: errorResponse(1, { code: -32021, message: "needs elicitation" }), context: server, mentions: "MissingRequiredClientCapabilityError" },
      {
        // Known schema.json gotcha: the float fails ElicitResult, and no other InputResponse branch fits either.
        name: "inputResponses with a float elicitation answer (schema.json says integer)",
        frame: call(2, { inputResponses: { who: { action: "accept", content: { score: 95.5 } } }, requestState: "s" }),
        context: client,
        mentions: "/$defs/ElicitResult/properties/content",
      },
    ],
  );

  it("needs the resultType dispatch: the schema's own anyOf accepts a content-less complete result", () => {
    expect(validateDefinition("2026-07-28", "CallToolResultResponse", response(1, { resultType: "complete" }))).toEqual({ ok: true });
  });
});

describe("derived method tables", () => {
  it("2026-07-28 has exactly the client requests the 2026-07-28 schema defines and no server requests", () => {
    const methods = methodsOf("2026-07-28");
    expect(methods.clientRequests).toEqual(
      ["completion/complete", "prompts/get", "prompts/list", "resources/list", "resources/read", "resources/templates/list", "server/discover", "subscriptions/listen", "tools/call", "tools/list"],
    );
    expect(methods.serverRequests).toEqual([]);
    expect(methods.clientNotifications).toEqual(["notifications/cancelled"]);
  });

  it.each(WIRE_REVISIONS.filter((r) => r !== "2026-07-28"))("%s has initialize and ping, and server-sent ping", (revision) => {
    const methods = methodsOf(revision);
    expect(methods.clientRequests).toEqual(expect.arrayContaining(["initialize", "ping", "tools/call"]));
    expect(methods.serverRequests).toEqual(expect.arrayContaining(["ping", "roots/list", "sampling/createMessage"]));
  });

  it("elicitation/create is a server request from 2025-06-18 on, until MRTR", () => {
    const has = WIRE_REVISIONS.map((r) => methodsOf(r).serverRequests.includes("elicitation/create"));
    expect(has).toEqual([false, false, true, true, false]);
  });
});

describe("helpers", () => {
  it("expectValidFrame names the definition, the failing path and the frame", () => {
    const bad = request(1, "tools/call", { name: "x", _meta: {} });
    expect(() => expectValidFrame("2026-07-28", bad, client)).toThrowError(
      /not a valid 2026-07-28 CallToolRequest:[\s\S]*\/params\/_meta[\s\S]*frame: \{/,
    );
  });

  it("validateDefinition checks arbitrary definitions and rejects unknown names", () => {
    expect(validateDefinition("2025-11-25", "Tool", { name: "t", inputSchema: { type: "object" } })).toEqual({ ok: true });
    expect(validateDefinition("2025-11-25", "Tool", { name: "t" }).ok).toBe(false);
    expect(() => validateDefinition("2024-11-05", "DiscoverRequest", {})).toThrow(/no definition DiscoverRequest/);
  });

  it("a result response without context.answers is a usage error", () => {
    expect(() => validateFrame("2025-06-18", response(1, {}), server)).toThrow(/context.answers/);
  });
});
