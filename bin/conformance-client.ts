// The conformance client of @modelcontextprotocol/conformance, built on the client core: the suite runs
// `<command> <server-url>` with the scenario in MCP_CONFORMANCE_SCENARIO, the revision in
// MCP_CONFORMANCE_PROTOCOL_VERSION and scenario data in MCP_CONFORMANCE_CONTEXT.
// It exits 0 when the flow ran to its end; the suite itself decides what passed.
import { connect, text, type Client, type InputHandlers, isObject, type ElicitParams, type Tool, StreamableHttpTransport, OAuthClient, redirectFollower } from "../src/core";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const revision = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? "2025-11-25";
const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT);

interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

interface Context {
  toolCalls?: ToolCall[];
  /** auth/pre-registration: the client the suite registered for us. */
  client_id?: string;
  client_secret?: string;
  issuer?: string;
}

function parseContext(raw: string | undefined): Context {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return isObject(value) ? (value as Context) : {};
  } catch {
    return {};
  }
}

/** Accepts every form with each field's schema `default` (SEP-1034: a client applies defaults it shows). */
function withDefaults(params: ElicitParams): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  const schema = "requestedSchema" in params ? params.requestedSchema : undefined;
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (isObject(property) && property.default !== undefined) content[name] = property.default;
    else if (isObject(property) && property.type === "boolean") content[name] = true;
  }
  return content;
}

const handlers: InputHandlers = {
  "elicitation/create": (params) => ({ action: "accept", content: withDefaults(params) as Record<string, string> }),
  "sampling/createMessage": () => ({ role: "assistant", content: { type: "text", text: "Paris" }, model: "conformance-model", stopReason: "endTurn" }),
  "roots/list": () => ({ roots: [{ uri: "file:///tmp/conformance", name: "conformance" }] }),
};

/** Arguments for a tool the scenario gives none for: a plain value for each required property. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const args: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const type = isObject(property) ? property.type : undefined;
    if (type === "number" || type === "integer") args[name] = name === "b" ? 3 : 5;
    else if (type === "boolean") args[name] = true;
    else if (type === "string") args[name] = name === "region" ? "us-west1" : "value";
  }
  return args;
}

async function callEvery(client: Client, tools: Tool[]): Promise<void> {
  for (const tool of tools) log(`${tool.name}: ${text(await client.callTool(tool.name, sampleArguments(tool)))}`);
}

async function readEverything(client: Client): Promise<void> {
  const resources = await client.listResources();
  for (const r of Array.isArray(resources.resources) ? resources.resources : []) {
    if (isObject(r) && typeof r.uri === "string") log(`${r.uri}: ${text(await client.readResource(r.uri))}`);
  }
  const prompts = await client.listPrompts();
  for (const p of Array.isArray(prompts.prompts) ? prompts.prompts : []) {
    if (isObject(p) && typeof p.name === "string") log(`${p.name}: ${text(await client.getPrompt(p.name))}`);
  }
}

/** sep-2322: the echo-state call (the unrelated call runs inside its round), then the no-state and no-resultType calls. */
async function requestState(client: Client): Promise<void> {
  await client.listTools();
  for (const name of ["test_mrtr_echo_state", "test_mrtr_no_state", "test_mrtr_no_result_type"]) {
    log(`${name}: ${text(await client.callTool(name, {}))}`);
  }
}

/**
 * json-schema-2020-12-preservation: the focal tool's inputSchema, as the client holds it after
 * listing, goes back verbatim as the `schema` argument of json_schema_echo, so the suite sees which
 * keywords the client kept.
 */
async function echoSchema(client: Client): Promise<void> {
  const tools = await client.listTools();
  const focal = tools.find((t) => t.name !== "json_schema_echo");
  if (!focal) throw new Error("json-schema-2020-12-preservation: no tool besides json_schema_echo was listed");
  const held = client.toolSchemas.get(focal.name)?.inputSchema ?? focal.inputSchema;
  log(`json_schema_echo: ${text(await client.callTool("json_schema_echo", { schema: held }))}`);
}

function log(line: string): void {
  console.log(line);
}

async function run(): Promise<void> {
  if (!url) throw new Error("usage: conformance-client <server-url>");
  const isolationCheck = scenario === "sep-2322-client-request-state";
  const transport = new StreamableHttpTransport(url, { auth: signIn() });
  const client = await connect(transport, {
    versions: [revision],
    clientInfo: { name: "presa-inspector-conformance", version: "0.1.0" },
    handlers: isolationCheck ? withUnrelatedCall(handlers, () => client) : handlers,
    // Ceilings against a hang, under the suite's own 120 s limit for the whole client: run side by
    // side (all of a revision's scenarios at once, as the suite's --requirements does), dozens of
    // clients start together on two cores and the suite's mock servers answer late; at 10 s for the
    // probe and 20 s a request, about a third of the scenarios failed for that alone.
    probeTimeoutMs: 100_000,
    requestTimeoutMs: 100_000,
  });
  try {
    switch (scenario) {
      case "initialize":
      case "request-metadata":
      case "json-schema-ref-no-deref":
        await client.listTools();
        break;
      case "sep-2322-client-request-state":
        await requestState(client);
        break;
      case "json-schema-2020-12-preservation":
        await echoSchema(client);
        break;
      case "http-standard-headers":
        await callEvery(client, await client.listTools());
        await readEverything(client);
        break;
      case "http-custom-headers":
        await client.listTools();
        for (const call of context.toolCalls ?? []) log(`${call.name}: ${text(await client.callTool(call.name, call.arguments))}`);
        break;
      default:
        // tools_call, elicitation-sep1034-client-defaults, sse-retry, http-invalid-tool-headers, and
        // any other tool scenario: list, then call what is listed.
        await callEvery(client, await client.listTools());
    }
  } finally {
    await client.close();
  }
}

/**
 * Sign-in for the auth/* scenarios (and harmless elsewhere: it only acts on a 401 or 403). The suite's
 * authorization servers redirect straight back, so the automatic user agent follows the redirect to
 * a callback URL nobody listens on and reads the code from it. Each step goes to stderr, redacted.
 */
function signIn(): OAuthClient {
  return new OAuthClient({
    redirectUrl: "http://localhost:3000/callback",
    authorize: redirectFollower(),
    clientName: "presa-inspector-conformance",
    // The suite's scenarios expect exactly this client ID metadata document URL (auth/basic-cimd).
    clientMetadataUrl: "https://conformance-test.local/client-metadata.json",
    ...(context.client_id
      ? { preRegistered: { clientId: context.client_id, ...(context.client_secret ? { clientSecret: context.client_secret } : {}) } }
      : {}),
    onStep: (step) => console.error(`auth step ${step.seq} [${step.stage}] ${step.outcome}: ${step.title}${step.decision ? ` — ${step.decision}` : ""}${step.error ? ` — ${step.error}` : ""}`),
  });
}

/**
 * Wraps the elicitation handler so that, during the first round of `test_mrtr_echo_state`, a call to
 * `test_mrtr_unrelated` goes out and completes: the parallel-isolation check wants it between the
 * round and its retry, carrying none of that call's inputResponses or requestState.
 */
function withUnrelatedCall(base: InputHandlers, client: () => Client): InputHandlers {
  let done = false;
  return {
    ...base,
    "elicitation/create": async (params, ctx) => {
      if (!done) {
        done = true;
        log(`unrelated: ${text(await client().callTool("test_mrtr_unrelated", {}))}`);
      }
      return base["elicitation/create"]!(params, ctx);
    },
  };
}

run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
