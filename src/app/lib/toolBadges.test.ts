import { describe, expect, it } from "vitest";
import type { Tool } from "../../core";
import { isDestructive, matchesQuery, toolBadges } from "./toolBadges";

const tool = (annotations?: Record<string, unknown>, extra: Record<string, unknown> = {}): Tool => ({ name: "t", inputSchema: { type: "object" }, ...(annotations ? { annotations } : {}), ...extra }) as Tool;

describe("toolBadges", () => {
  it.each([
    [undefined, []],
    [{ readOnlyHint: true, idempotentHint: true }, ["read-only", "idempotent"]],
    [{ destructiveHint: true }, ["destructive"]],
    // Read-only wins: destructiveHint means nothing on a read-only tool.
    [{ readOnlyHint: true, destructiveHint: true }, ["read-only"]],
    [{ openWorldHint: true }, ["open-world"]],
    [{ openWorldHint: false }, ["closed-world"]],
    // Only what the server said: a string "true" is no hint.
    [{ destructiveHint: "true", readOnlyHint: 1 }, []],
  ])("%j → %j", (annotations, keys) => {
    expect(toolBadges(tool(annotations)).map((b) => b.key)).toEqual(keys);
  });

  it("task support from execution.taskSupport", () => {
    expect(toolBadges(tool(undefined, { execution: { taskSupport: "required" } })).map((b) => b.label)).toEqual(["task"]);
    expect(toolBadges(tool(undefined, { execution: { taskSupport: "optional" } })).map((b) => b.label)).toEqual(["task optional"]);
    expect(toolBadges(tool(undefined, { execution: { taskSupport: "forbidden" } }))).toEqual([]);
  });

  it("isDestructive needs an explicit hint", () => {
    expect(isDestructive(tool({ destructiveHint: true }))).toBe(true);
    expect(isDestructive(tool())).toBe(false);
    expect(isDestructive(undefined)).toBe(false);
  });
});

describe("matchesQuery", () => {
  it("every word, in any field, any case", () => {
    expect(matchesQuery("", ["a"])).toBe(true);
    expect(matchesQuery("two STEP", ["two-steps", "Two steps", undefined])).toBe(true);
    expect(matchesQuery("two greet", ["two-steps", "Two steps"])).toBe(false);
    expect(matchesQuery("likes", ["two-steps", undefined, "Asks a name, then what they like… likes"])).toBe(true);
  });
});
