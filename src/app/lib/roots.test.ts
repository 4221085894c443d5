import { describe, expect, it } from "vitest";
import { checkRoot, rootsToSend } from "./roots";

describe("checkRoot", () => {
  it.each([
    ["file:///home/user/project", undefined],
    ["  file:///tmp  ", undefined],
    ["", "empty"],
    ["https://example.com/", "not-file"],
    ["/home/user", "unparseable"],
  ])("%s", (uri, want) => expect(checkRoot(uri)).toBe(want));
});

describe("rootsToSend", () => {
  it("trims, drops rows without a URI and leaves out empty names", () => {
    expect(rootsToSend([{ uri: " file:///a ", name: " A " }, { uri: "", name: "ghost" }, { uri: "file:///b", name: "" }, { uri: "file:///c" }])).toEqual([
      { uri: "file:///a", name: "A" },
      { uri: "file:///b" },
      { uri: "file:///c" },
    ]);
  });
});
