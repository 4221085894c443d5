/**
 * Interop with @modelcontextprotocol/server-everything over Streamable HTTP on 127.0.0.1:
 * connect, list, and call its tools that elicit, sample and list roots, in every revision it accepts.
 * It is an initialize-era server (SDK 1.x), so those tools ask with live server→client requests.
 */
import { describe, expect, it } from "vitest";
import { handlers, useEverything } from "../support/interop/support";
import {
  connect,
  text,
  type Client,
  type ClientEvent,
  StreamableHttpTransport,
} from "../../src/core";
import { validateFrames } from "../support/harness";
import { record } from "../support/interop/table";

/** The revisions its SDK (1.x) accepts that this client speaks; 2026-07-28 it does not. */
const REVISIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/**
 * Schema failures that are not this client's fault, each checked narrowly (README "Conformance and
 * interop"): the official schema.json types elicitation `content` values as integer where schema.ts
 * says number, so an accepted `number` field with a default of 3.14 fails it; and server-everything
 * sends the 2025-11-25 multi-select enum shapes (SEP-1330) on 2025-06-18, whose schema has no arrays.
 */
function knownDeviation(f: ReturnType<typeof validateFrames>["failures"][number], revision: string): boolean {
  const onlyNumberField = /\/result\/content\/number must be/.test(f.errors) && !/\/result\/content\/(?!number)/.test(f.errors);
  if (f.sender === "client" && f.answers === "elicitation/create" && onlyNumberField) return true;
  return f.sender === "server" && revision === "2025-06-18" && /^ElicitRequest:/.test(f.errors) && /MultipleSelectEnum/.test(f.errors);
}

describe("server-everything over Streamable HTTP", () => {
  const everything = useEverything();

  const open = (versions?: readonly string[]): Promise<Client> =>
    connect(new StreamableHttpTransport(everything.url), { ...(versions ? { versions } : {}), handlers, requestTimeoutMs: 15_000 });

  it("offered every revision, falls back from the 2026-07-28 probe to initialize at 2025-11-25", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "negotiation: probe, then initialize", revision: "auto → 2025-11-25" });
    const client = await open();
    try {
      expect(client.revision).toBe("2025-11-25");
      expect(client.era).toBe("legacy");
      expect(client.serverInfo?.name).toBe("mcp-servers/everything");
    } finally {
      await client.close();
    }
  });

  it("a client that offers only 2026-07-28 is refused, not silently downgraded", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "a 2026-07-28-only client is refused", revision: "2026-07-28" });
    await expect(open(["2026-07-28"])).rejects.toThrow();
  });

  for (const revision of REVISIONS) {
    it(`on ${revision}: lists, echoes, samples, lists roots${revision >= "2025-06-18" ? " and elicits" : ""}`, async ({ task }) => {
      const flows = revision >= "2025-06-18" ? "list, echo, elicit, sample, roots" : "list, echo, sample, roots (no elicitation yet)";
      record(task, { area: "server-everything", scenario: flows, revision });
      const client = await open([revision]);
      const events: ClientEvent[] = [];
      client.subscribe((e) => events.push(e));
      try {
        expect(client.revision).toBe(revision);
        const tools = (await client.listTools()).map((t) => t.name);
        expect(tools).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-sampling-request", "get-roots-list"]));
        expect(((await client.listResources()).resources as unknown[]).length).toBeGreaterThan(0);
        expect(((await client.listPrompts()).prompts as unknown[]).length).toBeGreaterThan(0);
        expect(text(await client.callTool("echo", { message: "hi" }))).toBe("Echo: hi");

        const sampled = text(await client.callTool("trigger-sampling-request", { prompt: "Say hi", maxTokens: 20 }));
        expect(sampled).toContain("Sampled by presa.");
        expect(text(await client.callTool("get-roots-list"))).toContain("file:///work/project");

        if (revision >= "2025-06-18") {
          expect(tools).toContain("trigger-elicitation-request");
          const elicited = text(await client.callTool("trigger-elicitation-request"));
          expect(elicited).toContain("User provided the requested information");
          expect(elicited).toContain("Name: Ada Lovelace");
        } else {
          // Before 2025-06-18 there is no elicitation, so the client never declares it and the tool is not offered.
          expect(tools).not.toContain("trigger-elicitation-request");
        }
        const asked = events.filter((e) => e.type === "inputRequested").map((e) => (e as { request: { method: string } }).request.method);
        expect(asked).toEqual(expect.arrayContaining(["sampling/createMessage", "roots/list"]));
        const unexplained = validateFrames(events, revision).failures.filter((f) => !knownDeviation(f, revision));
        expect(unexplained).toEqual([]);
      } finally {
        await client.close();
      }
    });
  }
});
