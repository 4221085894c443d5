/**
 * server-everything's two async tools appear only for a client that declares client-side tasks
 * (2025-11-25 `tasks.requests.elicitation.create` / `sampling.createMessage`): the server sends its
 * elicitation and sampling requests with a `task` parameter, gets a task back at once, polls the
 * client with tasks/get and fetches the answer with tasks/result. Also its completion-capable
 * prompt and resource templates, through completion/complete.
 */
import { describe, expect, it } from "vitest";
import { handlers, useEverything } from "../support/interop/support";
import { connect, text, type Client, type ClientEvent, StreamableHttpTransport } from "../../src/core";
import { validateFrames } from "../support/harness";
import { record } from "../support/interop/table";

const ASYNC_TOOLS = ["trigger-elicitation-request-async", "trigger-sampling-request-async"];

describe("server-everything: client-side tasks and completions", () => {
  const everything = useEverything();
  const open = (clientTasks: boolean): Promise<Client> =>
    connect(new StreamableHttpTransport(everything.url), { versions: ["2025-11-25"], handlers, clientTasks, requestTimeoutMs: 60_000 });

  it("without client-side tasks the async tools are not offered", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "client-side tasks off: 17 tools, no async ones", revision: "2025-11-25" });
    const client = await open(false);
    try {
      const tools = (await client.listTools()).map((t) => t.name);
      for (const name of ASYNC_TOOLS) expect(tools).not.toContain(name);
      expect(tools).toHaveLength(17);
    } finally {
      await client.close();
    }
  });

  it("with client-side tasks both async tools are listed and complete: task at once, polled, result fetched", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "client-side tasks: both async tools complete", revision: "2025-11-25" });
    const client = await open(true);
    const events: ClientEvent[] = [];
    client.subscribe((e) => events.push(e));
    try {
      const tools = (await client.listTools()).map((t) => t.name);
      for (const name of ASYNC_TOOLS) expect(tools).toContain(name);
      const withoutTasks = await open(false);
      const fewer = (await withoutTasks.listTools()).length;
      await withoutTasks.close();
      expect(tools.length).toBe(fewer + 2);
      expect(tools).toHaveLength(19);

      const elicited = text(await client.callTool("trigger-elicitation-request-async"));
      expect(elicited).toContain("[COMPLETED] User provided the requested information!");
      expect(elicited).toContain("Name: Ada Lovelace");
      const sampled = text(await client.callTool("trigger-sampling-request-async", { prompt: "Say hi", maxTokens: 20 }));
      expect(sampled).toContain("Sampled by presa.");
      expect(sampled).not.toContain("[SYNC]");

      const steps = events.flatMap((e) => (e.type === "clientTask" ? [`${e.method} ${e.step}`] : []));
      for (const method of ["elicitation/create", "sampling/createMessage"]) {
        expect(steps).toContain(`${method} created`);
        expect(steps).toContain(`${method} tasks/get`);
        expect(steps).toContain(`${method} tasks/result`);
      }
      // Each client task is tied to the tool call whose tool asked.
      expect(events.filter((e) => e.type === "clientTask" && e.step === "created").every((e) => e.type === "clientTask" && e.callId !== undefined)).toBe(true);
      expect(validateFrames(events, "2025-11-25").failures).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("completion/complete: the prompt's second argument narrowed by the first, and a resource template variable", async ({ task }) => {
    record(task, { area: "server-everything", scenario: "completion/complete: prompt with context, resource template", revision: "2025-11-25" });
    const client = await open(false);
    try {
      expect(client.serverCapabilities.completions).toBeDefined();
      const dept = await client.complete({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "S" } });
      expect(dept.values).toEqual(["Sales", "Support"]);
      const member = await client.complete({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "name", value: "" }, context: { department: "Engineering" } });
      expect(member.values).toEqual(["Alice", "Bob", "Charlie"]);
      const templates = ((await client.listResourceTemplates()).resourceTemplates as { uriTemplate: string }[]).map((t) => t.uriTemplate);
      const template = templates.find((t) => t.includes("{resourceId}"));
      expect(template).toBeDefined();
      // Its template completer echoes a positive integer id and offers nothing else.
      expect((await client.complete({ ref: { type: "ref/resource", uri: template as string }, argument: { name: "resourceId", value: "7" } })).values).toEqual(["7"]);
      expect((await client.complete({ ref: { type: "ref/resource", uri: template as string }, argument: { name: "resourceId", value: "x" } })).values).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
