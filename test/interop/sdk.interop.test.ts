/**
 * Interop with the official TypeScript SDK 2.x, over Streamable HTTP on 127.0.0.1 in
 * both eras: our client against an SDK server (createMcpHandler + a sessionful legacy transport), and
 * the SDK client against our demo server. Each side drives greet-style and multi-round flows.
 */
import { Client as SdkClient, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText, useOurDemoServer } from "../support/interop/support";
import { connect, text, type Client, StreamableHttpTransport } from "../../src/core";
import { demoHandlers, validateFrames } from "../support/harness";
import type { FetchServer } from "../support/interop/fetchServer";
import { startSdkServer } from "../support/interop/sdkServer";
import { record } from "../support/interop/table";

/** What each revision can ask of a client: elicitation from 2025-06-18, sampling and roots always. */
const SDK_REVISIONS = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"] as const;
const hasElicitation = (revision: string): boolean => revision >= "2025-06-18";

describe("our client ↔ an SDK 2.x server", () => {
  let sdk: FetchServer;
  beforeAll(async () => {
    sdk = await startSdkServer();
  });
  afterAll(async () => {
    await sdk.close();
  });

  const open = (revision?: string): Promise<Client> =>
    connect(new StreamableHttpTransport(sdk.url), {
      ...(revision ? { versions: [revision] } : {}),
      handlers: demoHandlers(),
      requestTimeoutMs: 10_000,
    });

  it("negotiates 2026-07-28 by default (server/discover)", async ({ task }) => {
    record(task, { area: "SDK 2.x", scenario: "our client → SDK server: negotiation (auto)", revision: "auto → 2026-07-28" });
    const client = await open();
    try {
      expect(client.revision).toBe("2026-07-28");
      expect(client.era).toBe("modern");
      expect(client.serverInfo?.name).toBe("sdk-interop-server");
    } finally {
      await client.close();
    }
  });

  for (const revision of SDK_REVISIONS) {
    it(`on ${revision}: lists tools and completes greet, two-steps, sampling and roots`, async ({ task }) => {
      const flows = hasElicitation(revision) ? "greet, two-steps, sampling, roots" : "sampling, roots (no elicitation yet)";
      record(task, { area: "SDK 2.x", scenario: `our client → SDK server: ${flows}`, revision });
      const client = await open(revision);
      const events: Parameters<Parameters<Client["subscribe"]>[0]>[0][] = [];
      client.subscribe((e) => events.push(e));
      try {
        expect(client.revision).toBe(revision);
        const names = (await client.listTools()).map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(["greet", "two-steps", "summarize", "list-roots"]));
        if (hasElicitation(revision)) {
          expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
          expect(text(await client.callTool("two-steps"))).toBe("Ada likes blue");
        }
        expect(text(await client.callTool("summarize", { text: "a long text" }))).toBe("Summary: A short summary.");
        expect(text(await client.callTool("list-roots"))).toBe("Roots: file:///work/project");
        const rounds = events.filter((e) => e.type === "roundStarted");
        expect(rounds.length).toBe(hasElicitation(revision) ? 5 : 2);
        expect(new Set(rounds.map((e) => e.era))).toEqual(new Set([revision === "2026-07-28" ? "modern" : "legacy"]));
        // Every frame both sides sent, checked against that revision's official schema.json.
        expect(validateFrames(events, revision).failures).toEqual([]);
      } finally {
        await client.close();
      }
    });
  }
});

/** The SDK client with handlers that answer our demo tools' questions. */
function sdkClient(pinModern: boolean): SdkClient {
  const client = new SdkClient(
    { name: "sdk-interop-client", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
      ...(pinModern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
    },
  );
  const answers: Record<string, Record<string, string>> = {
    "Who should I greet?": { name: "Ada" },
    "Name?": { name: "Ada" },
    "Color?": { color: "blue" },
    "Tell us about yourself": { name: "Ada", email: "ada@example.com" },
  };
  client.setRequestHandler("elicitation/create", (request) => ({
    action: "accept",
    content: answers[request.params.message] ?? {},
  }));
  client.setRequestHandler("sampling/createMessage", () => ({
    role: "assistant",
    content: { type: "text", text: "A short summary." },
    model: "sdk-model",
    stopReason: "endTurn",
  }));
  client.setRequestHandler("roots/list", () => ({ roots: [{ uri: "file:///work/project", name: "project" }] }));
  return client;
}

describe("the SDK 2.x client ↔ our demo server", () => {
  const ours = useOurDemoServer();

  for (const era of ["2026-07-28", "2025-11-25"] as const) {
    it(`on ${era}: the SDK client completes greet, two-steps, summarize, list-workspace and onboard`, async ({ task }) => {
      record(task, { area: "SDK 2.x", scenario: "SDK client → our server: greet, two-steps, sampling, roots, onboard", revision: era });
      const client = sdkClient(era === "2026-07-28");
      await client.connect(new StreamableHTTPClientTransport(new URL(ours.url)));
      try {
        expect(client.getServerVersion()?.name).toBe("presa-demo");
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["greet", "two-steps", "summarize", "onboard"]));
        expect(resultText(await client.callTool({ name: "greet", arguments: {} }))).toBe("Hello, Ada!");
        expect(resultText(await client.callTool({ name: "two-steps", arguments: {} }))).toBe("Ada likes blue");
        expect(resultText(await client.callTool({ name: "summarize", arguments: { text: "a long text" } }))).toBe("Summary from sdk-model: A short summary.");
        expect(resultText(await client.callTool({ name: "list-workspace", arguments: {} }))).toContain("1 root(s)");
        expect(resultText(await client.callTool({ name: "onboard", arguments: {} }))).toBe("Welcome aboard, Ada! A short summary. (1 root(s) shared)");
      } finally {
        await client.close();
      }
    });
  }
});
