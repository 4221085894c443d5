import { describe, expect, it } from "vitest";
import type { ServerCapabilities } from "../../../../core";
import { listenFilter } from "./listenFilter";

describe("listenFilter", () => {
  it.each<[string, ServerCapabilities, unknown]>([
    ["nothing changes", { tools: {}, prompts: { listChanged: false } }, undefined],
    ["no capabilities", {}, undefined],
    ["tools only", { tools: { listChanged: true }, prompts: {} }, { toolsListChanged: true }],
    ["all three", { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true, subscribe: false } }, { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true }],
  ])("%s", (_n, caps, expected) => {
    expect(listenFilter(caps)).toEqual(expected);
  });
});
