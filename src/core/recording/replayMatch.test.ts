import { describe, expect, it } from "vitest";
import { McpError } from "../index";
import { groupRounds } from "./rounds";
import { accept, CallBuilder, elicitRequest, rootsRequest, samplingRequest } from "../../../test/support/recording/builders";
import { recordedAnswer, type Question } from "./replayMatch";

const q = (key: string, request: ReturnType<typeof elicitRequest>): Question => ({ key, kind: request.method, params: (request.params ?? {}) as Record<string, unknown> });

const recorded = groupRounds(
  new CallBuilder()
    .round(1, { profile: elicitRequest("Profile?"), roots: rootsRequest(), welcome: samplingRequest("Hi") })
    .answered(1, "profile", accept({ name: "Ada" }))
    .answered(1, "roots", { roots: [] })
    .answered(1, "welcome", undefined, 0, new McpError({ kind: "cancelled", message: "rejected" }))
    .retried(1, "c2", { profile: accept({ name: "Grace" }), roots: { roots: [] } }, undefined, true)
    .round(2, { s9: elicitRequest("Again?") }, undefined, "legacy")
    .answered(2, "s9", accept({ ok: "yes" }))
    .build(),
);

describe("recordedAnswer", () => {
  it.each<[string, number, Question, unknown]>([
    ["the same key gets what was sent (edited in step mode)", 1, q("profile", elicitRequest("Profile?")), { kind: "answer", key: "profile", response: accept({ name: "Grace" }) }],
    ["another key, same question", 2, q("s42", elicitRequest("Again?")), { kind: "answer", key: "s9", response: accept({ ok: "yes" }) }],
    ["another key and question, same kind", 1, q("other", rootsRequest()), { kind: "answer", key: "roots", response: { roots: [] } }],
  ])("%s", (_n, round, question, expected) => {
    expect(recordedAnswer(recorded, round, question, new Set())).toEqual(expected);
  });

  it("a refused input is refused again with its error", () => {
    const a = recordedAnswer(recorded, 1, q("welcome", samplingRequest("Hi")), new Set());
    expect(a.kind === "refuse" && [a.key, a.error.message]).toEqual(["welcome", "rejected"]);
  });

  it("nothing recorded in that round, or all used up", () => {
    const none = recordedAnswer(recorded, 3, q("x", elicitRequest("X?")), new Set());
    expect(none.kind === "refuse" && none.error.message).toBe("replay: the recording has no answer for round 3, x");
    const used = new Set<string>();
    expect(recordedAnswer(recorded, 2, q("a", elicitRequest("Again?")), used).kind).toBe("answer");
    expect(recordedAnswer(recorded, 2, q("b", elicitRequest("Again?")), used).kind).toBe("refuse");
  });
});
