import { describe, expect, it } from "vitest";
import { callMeta } from "./callMeta";

describe("callMeta", () => {
  it.each([
    ["modern", "info", 1, { progressToken: "progress-1", "io.modelcontextprotocol/logLevel": "info" }],
    ["modern", "off", 2, { progressToken: "progress-2" }],
    ["legacy", "debug", 3, { progressToken: "progress-3" }],
    [undefined, "info", 4, { progressToken: "progress-4" }],
  ] as const)("era %s, level %s", (era, level, n, expected) => {
    expect(callMeta(era, level, n)).toEqual(expected);
  });
});
