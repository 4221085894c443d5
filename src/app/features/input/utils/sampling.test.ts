import { describe, expect, it } from "vitest";
import { blockView, DEFAULT_MODEL, EMPTY_REPLY, replyResult, samplingView } from "./sampling";

describe("blockView", () => {
  it.each([
    ["text", { type: "text", text: "<b>hi</b>" }, { kind: "text", text: "<b>hi</b>" }],
    ["png image", { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }, { kind: "image", src: "data:image/png;base64,iVBORw0KGgo=", mimeType: "image/png" }],
    ["image with a non-image type", { type: "image", data: "aGk=", mimeType: "text/html" }, { kind: "json" }],
    ["image whose mimeType smuggles a URL", { type: "image", data: "aGk=", mimeType: "image/png;x,\"><script>" }, { kind: "json" }],
    ["image data that is not base64", { type: "image", data: "javascript:alert(1)", mimeType: "image/png" }, { kind: "json" }],
    ["audio", { type: "audio", data: "aGk=", mimeType: "audio/wav" }, { kind: "json" }],
    ["tool_use", { type: "tool_use", id: "1", name: "x", input: {} }, { kind: "json" }],
    ["not an object", "loose", { kind: "json" }],
  ])("%s", (_n, block, want) => expect(blockView(block)).toMatchObject(want));
});

describe("samplingView", () => {
  it("lists messages, one or many blocks each, and the other params", () => {
    const v = samplingView({
      messages: [{ role: "user", content: { type: "text", text: "hi" } }, { role: "assistant", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }, 7],
      systemPrompt: "be brief",
      maxTokens: 120,
      modelPreferences: { hints: [{ name: "claude" }] },
    });
    expect(v.systemPrompt).toBe("be brief");
    expect(v.maxTokens).toBe("120");
    expect(v.messages.map((m) => [m.role, m.blocks.length])).toEqual([["user", 1], ["assistant", 2], ["?", 1]]);
    expect(v.extras.map(([k]) => k)).toEqual(["modelPreferences"]);
  });

  it("copes with a request without messages", () => {
    expect(samplingView({})).toMatchObject({ messages: [], maxTokens: "(missing)" });
  });
});

describe("replyResult", () => {
  it.each([
    ["defaults", {}, { role: "assistant", content: { type: "text", text: "" }, model: DEFAULT_MODEL, stopReason: "endTurn" }],
    ["user role and a model", { role: "user", model: "m1", text: "x" }, { role: "user", content: { type: "text", text: "x" }, model: "m1", stopReason: "endTurn" }],
    ["blank model falls back", { model: "  " }, { model: DEFAULT_MODEL }],
    ["other with a custom reason", { stopReason: "other", customStopReason: "refusal" }, { stopReason: "refusal" }],
    ["other without one", { stopReason: "other" }, { stopReason: "other" }],
  ] as const)("%s", (_n, patch, want) => expect(replyResult({ ...EMPTY_REPLY, ...patch })).toMatchObject(want));
});
