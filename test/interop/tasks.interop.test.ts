/**
 * Tasks and the official TypeScript SDK 2.4: the SDK has no task runtime (its typed surface
 * leaves tasks/* out: "Task methods are 2025-11-25 wire vocabulary with no SDK runtime"), so it never
 * declares the extension nor sends a `task` parameter. What must hold is that it still works with our
 * task tools where it can: `deploy` (taskSupport optional) runs inline with its questions answered by
 * the SDK's handlers, and `release` (required) is refused in words with the spec's code.
 * server-everything (built on the v1 SDK, which has 2025-11-25 tasks) runs `simulate-research-query` as a
 * task that stops for an elicitation delivered on tasks/result: our client follows it to the end.
 */
import { Client as SdkClient, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { resultText, useEverything, useOurDemoServer } from "../support/interop/support";
import { StreamableHttpTransport, connect, isObject, text, type ElicitParams } from "../../src/core";
import { validateFrames } from "../support/harness";
import { record } from "../support/interop/table";

describe("the SDK 2.x client ↔ our task tools", () => {
  const ours = useOurDemoServer();

  for (const era of ["2026-07-28", "2025-11-25"] as const) {
    it(`on ${era}: deploy runs inline for a client without tasks; release is refused in words`, async ({ task }) => {
      record(task, { area: "SDK 2.x", scenario: "SDK client (no task runtime) → our task tools: deploy inline, release refused", revision: era });
      const client = new SdkClient(
        { name: "sdk-interop-client", version: "1.0.0" },
        { capabilities: { elicitation: { form: {} } }, ...(era === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}) },
      );
      const asked: string[] = [];
      client.setRequestHandler("elicitation/create", (request) => {
        asked.push(request.params.message);
        return { action: "accept", content: { confirm: true } };
      });
      await client.connect(new StreamableHTTPClientTransport(new URL(ours.url)));
      try {
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["deploy", "release"]));
        const result = await client.callTool({ name: "deploy", arguments: { service: "api", environment: "staging", stepMs: 5 } });
        expect(resultText(result)).toBe("Deployed api to staging");
        expect(asked).toEqual(["api is staged on staging. Go live?"]);
        const refused = await client.callTool({ name: "release", arguments: { stepMs: 5 } }).then(
          () => undefined,
          (e: unknown) => e as { code?: number; message?: string },
        );
        expect(refused?.code).toBe(era === "2026-07-28" ? -32021 : -32601);
        expect(refused?.message).toMatch(/runs only as a task/);
      } finally {
        await client.close();
      }
    });
  }
});

describe("our client ↔ server-everything's 2025-11-25 task tool", () => {
  const everything = useEverything();

  it("on 2025-11-25: simulate-research-query runs as a task, stops for a clarification on tasks/result, and completes", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "our client → simulate-research-query as a task with input_required", revision: "2025-11-25" });
    const asked: string[] = [];
    const client = await connect(new StreamableHttpTransport(everything.url), {
      versions: ["2025-11-25"],
      tasks: { minPollIntervalMs: 200 },
      handlers: {
        "elicitation/create": (params: ElicitParams) => {
          asked.push(params.message);
          const schema = "requestedSchema" in params ? (params.requestedSchema as { properties?: Record<string, { oneOf?: { const?: string }[] }> }) : {};
          const first = schema.properties?.interpretation?.oneOf?.[0]?.const ?? "the first one";
          return { action: "accept", content: { interpretation: first } };
        },
      },
    });
    const events: Parameters<Parameters<typeof client.subscribe>[0]>[0][] = [];
    client.subscribe((e) => events.push(e));
    try {
      const tools = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("simulate-research-query");
      const result = await client.callTool("simulate-research-query", { topic: "python", ambiguous: true });
      expect(asked).toHaveLength(1);
      expect(text(result)).toContain("After receiving clarification");
      const statuses = events.flatMap((e) => (e.type === "taskStatus" ? [e.task.status] : []));
      expect(statuses[0]).toBe("working");
      expect(statuses.at(-1)).toBe("completed");
      const out = events.flatMap((e) => (e.type === "frame" && e.frame.direction === "out" && isObject(e.frame.message) ? [e.frame.message as unknown as Record<string, unknown>] : []));
      expect(out.some((m) => m.method === "tasks/result")).toBe(true);
      expect(validateFrames(events, "2025-11-25").failures).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
