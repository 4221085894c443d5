import { describe, expect, it } from "vitest";
import { McpError } from "../index";
import { accept, CallBuilder, elicitRequest, samplingRequest } from "../../../test/support/recording/builders";
import { diffCall, stableJson } from "./diff";

const text = (t: string) => ({ content: [{ type: "text", text: t }] });

/** two-steps as recorded: name, then color, then the result. */
function twoSteps(color = "Color?", result = "Ada likes blue", callId = "call-1") {
  return new CallBuilder({ callId })
    .round(1, { name: elicitRequest("Name?") })
    .asked(1, "name", elicitRequest("Name?"))
    .answered(1, "name", accept({ name: "Ada" }))
    .retried(1, "c2", { name: accept({ name: "Ada" }) })
    .round(2, { color: elicitRequest(color) })
    .asked(2, "color", elicitRequest(color))
    .answered(2, "color", accept({ color: "blue" }))
    .retried(2, "c3", { color: accept({ color: "blue" }) })
    .finished({ result: { ...text(result), _meta: { server: "x" } } })
    .build();
}

describe("diffCall", () => {
  it("the same behaviour is the same, whatever _meta says", () => {
    const d = diffCall(twoSteps(), { ...twoSteps(), callId: "call-9", result: { ...text("Ada likes blue"), _meta: { other: 1 } } });
    expect(d.same).toBe(true);
    expect(d.rounds.map((r) => r.change)).toEqual(["same", "same"]);
    expect(d.replayedCallId).toBe("call-9");
  });

  it("a changed question in round 2 and a changed result", () => {
    const d = diffCall(twoSteps(), twoSteps("Favourite color?", "Ada likes BLUE"));
    expect(d.same).toBe(false);
    expect(d.rounds.map((r) => [r.index, r.change])).toEqual([[1, "same"], [2, "changed"]]);
    expect(d.rounds[1]?.inputs.map((i) => [i.key, i.change])).toEqual([["color", "changed"]]);
    expect(d.outcome.change).toBe("changed");
    expect(d.outcome.after).toEqual({ kind: "result", value: text("Ada likes BLUE") });
  });

  it("inputs and rounds added and removed", () => {
    const recorded = new CallBuilder().round(1, { a: elicitRequest("A?") }).asked(1, "a", elicitRequest("A?")).answered(1, "a", accept({})).finished({ result: text("ok") }).build();
    const replayed = new CallBuilder()
      .round(1, { b: samplingRequest("B?") })
      .asked(1, "b", samplingRequest("B?"))
      .round(2, { c: elicitRequest("C?") })
      .asked(2, "c", elicitRequest("C?"))
      .finished({ error: new McpError({ kind: "cancelled", message: "no answer" }) })
      .build();
    const d = diffCall(recorded, replayed);
    expect(d.rounds.map((r) => [r.index, r.change, r.inputs.map((i) => `${i.key}:${i.change}`)])).toEqual([
      [1, "changed", ["a:removed", "b:added"]],
      [2, "added", ["c:added"]],
    ]);
    expect(d.outcome).toMatchObject({ change: "changed", after: { kind: "error", message: "no answer" } });
  });

  it("initialize-era inputs pair by question although their keys (request ids) differ", () => {
    const run = (key: string) => new CallBuilder().round(1, { [key]: elicitRequest("Who?") }, undefined, "legacy").asked(1, key, elicitRequest("Who?")).answered(1, key, accept({ name: "Ada" })).finished({ result: text("Hello") }).build();
    const d = diffCall(run("s1"), run("s7"));
    expect(d.same).toBe(true);
    expect(d.rounds[0]?.inputs).toMatchObject([{ key: "s1", change: "same" }]);
  });

  it("a call that never ran in the replay", () => {
    const d = diffCall(twoSteps(), undefined);
    expect(d.rounds.map((r) => r.change)).toEqual(["removed", "removed"]);
    expect(d.outcome.after).toEqual({ kind: "none" });
    expect(d.same).toBe(false);
  });
});

describe("stableJson", () => {
  it.each([
    [{ b: 1, a: [{ d: 2, c: 3 }] }, '{"a":[{"c":3,"d":2}],"b":1}'],
    [null, "null"],
    [undefined, "null"],
    ["x", '"x"'],
  ])("%j", (v, expected) => {
    expect(stableJson(v)).toBe(expected);
  });
});

describe("the fields a changed result differs in", () => {
  it("names resultType when a 2025-11-25 recording is replayed on 2026-07-28, and says only the envelope differs", () => {
    const before = { ...twoSteps(), result: text("Hello, Grace!") };
    const after = { ...twoSteps(), result: { ...text("Hello, Grace!"), resultType: "complete" } };
    const d = diffCall(before, after);
    expect(d.same).toBe(false);
    expect(d.outcome.change).toBe("changed");
    expect(d.outcome.fields).toEqual([{ path: "resultType", after: "complete", envelope: true }]);
    expect(d.outcome.envelopeOnly).toBe(true);
  });

  it("lists a content change by its path, not as envelope", () => {
    const d = diffCall(twoSteps(), twoSteps("Color?", "Ada likes BLUE"));
    expect(d.outcome.fields).toEqual([{ path: "content[0].text", before: "Ada likes blue", after: "Ada likes BLUE", envelope: false }]);
    expect(d.outcome.envelopeOnly).toBe(false);
  });

  it("has no fields when the result is the same, or when one side is an error", () => {
    expect(diffCall(twoSteps(), twoSteps()).outcome.fields).toEqual([]);
    const failed = { ...twoSteps(), result: undefined, error: { code: -32602, message: "bad token" } } as never;
    const d = diffCall(twoSteps(), failed);
    expect(d.outcome.change).toBe("changed");
    expect(d.outcome.fields).toEqual([]);
    expect(d.outcome.envelopeOnly).toBe(false);
  });
});
