import { describe, expect, it } from "vitest";
import { McpError } from "../index";
import { CallBuilder, accept, elicitRequest, presaToken, rootsRequest, samplingRequest } from "../../../test/support/recording/builders";
import { groupRounds } from "./rounds";

const tok1 = presaToken({ state: { step: 1 } });
const tok2 = presaToken({ state: { step: 2 } });

/** two-steps on 2026-07-28: two rounds, each answered and retried, then complete. */
function twoSteps() {
  return new CallBuilder()
    .wait(10)
    .round(1, { name: elicitRequest("Name?") }, tok1)
    .asked(1, "name", elicitRequest("Name?"))
    .wait(200)
    .answered(1, "name", accept({ name: "Ada" }), 200)
    .retried(1, 2, { name: accept({ name: "Ada" }) }, tok1)
    .wait(15)
    .round(2, { color: elicitRequest("Color?") }, tok2)
    .asked(2, "color", elicitRequest("Color?"))
    .wait(100)
    .answered(2, "color", accept({ color: "green" }), 100)
    .retried(2, 3, { color: accept({ color: "green" }) }, tok2)
    .wait(5)
    .finished();
}

describe("groupRounds", () => {
  it("gives no rounds for a call that completed at once", () => {
    expect(groupRounds(new CallBuilder().finished().build())).toEqual([]);
  });

  it("groups a two-round 2026 flow with answers, tokens, retries and timing", () => {
    const rounds = groupRounds(twoSteps().build());
    expect(rounds.map((r) => r.index)).toEqual([1, 2]);
    const [first, second] = rounds;
    expect(first).toMatchObject({
      era: "modern",
      requestState: tok1,
      decodedState: { kind: "presa" },
      held: false,
      retry: { requestId: 2, edited: false, requestState: tok1 },
      msToRetry: 200,
      serverMs: 15,
    });
    expect(first?.inputs).toEqual([
      expect.objectContaining({ key: "name", answer: accept({ name: "Ada" }), ms: 200, error: undefined, edited: false }),
    ]);
    expect(second).toMatchObject({ msToRetry: 100, serverMs: 5, retry: { requestId: 3 } });
  });

  it.each([
    ["asked but unanswered", (b: CallBuilder) => b.round(1, { a: rootsRequest() }).asked(1, "a", rootsRequest()), { held: false, retry: undefined, msToRetry: undefined }],
    ["held in step mode", (b: CallBuilder) => b.round(1, { a: rootsRequest() }).answered(1, "a", { roots: [] }).held(1, { a: { roots: [] } }), { held: true }],
    [
      "held, then the call ended",
      (b: CallBuilder) => b.round(1, { a: rootsRequest() }).held(1, {}).finished({ error: new McpError({ kind: "cancelled", message: "x" }) }),
      { held: false },
    ],
  ])("round state: %s", (_name, build, expected) => {
    expect(groupRounds(build(new CallBuilder()).build())[0]).toMatchObject(expected);
  });

  it("keeps several inputs of one round in the server's order, failures included", () => {
    const err = new McpError({ kind: "unsupported", message: "no sampling" });
    const call = new CallBuilder()
      .round(1, { profile: elicitRequest("Who?"), roots: rootsRequest(), welcome: samplingRequest("Hi") })
      .answered(1, "roots", { roots: [] }, 3)
      .answered(1, "welcome", undefined, 4, err)
      .build();
    const inputs = groupRounds(call)[0]?.inputs ?? [];
    expect(inputs.map((i) => i.key)).toEqual(["profile", "roots", "welcome"]);
    expect(inputs[0]?.answer).toBeUndefined();
    expect(inputs[2]).toMatchObject({ error: err, answer: undefined, ms: 4 });
  });

  it("initialize era: live requests, numeric keys kept in order, time to the last answer, edits seen", () => {
    const call = new CallBuilder()
      .round(1, { "7": elicitRequest("Name?") }, undefined, "legacy", 7)
      .asked(1, "7", elicitRequest("Name?"))
      .asked(1, "8", rootsRequest())
      .wait(50)
      .held(1, { "7": accept({ name: "Ada" }) }, undefined, "legacy")
      .answered(1, "7", accept({ name: "Grace" }), 50)
      .wait(10)
      .answered(1, "8", { roots: [] }, 60)
      .finished()
      .build();
    const [round] = groupRounds(call);
    expect(round).toMatchObject({ era: "legacy", serverRequestId: 7, retry: undefined, msToRetry: 60, held: false });
    expect(round?.inputs.map((i) => [i.key, i.edited])).toEqual([
      ["7", true],
      ["8", false],
    ]);
  });

  it("initialize era: no time to answer until every request of the round is answered", () => {
    const call = new CallBuilder()
      .round(1, { "1": rootsRequest() }, undefined, "legacy", 1)
      .asked(1, "2", rootsRequest())
      .wait(40)
      .answered(1, "1", { roots: [] }, 40)
      .build();
    expect(groupRounds(call)[0]).toMatchObject({ msToRetry: undefined, held: false });
  });

  it("opens a round for events whose roundStarted never came, rather than dropping them", () => {
    const call = new CallBuilder().asked(3, "k", rootsRequest()).answered(3, "k", { roots: [] }).build();
    expect(groupRounds(call)).toMatchObject([{ index: 3, inputs: [{ key: "k", answer: { roots: [] } }] }]);
  });

  it("marks a retry the user edited", () => {
    const call = new CallBuilder().round(1, {}, tok1).retried(1, 9, {}, `${tok1}x`, true).build();
    expect(groupRounds(call)[0]?.retry).toMatchObject({ edited: true, requestState: `${tok1}x` });
  });

  it("keeps what the retry carried per key, and keys it added, apart from the answers given", () => {
    const call = new CallBuilder()
      .round(1, { a: elicitRequest("A?"), b: elicitRequest("B?"), c: elicitRequest("C?") }, tok1)
      .answered(1, "a", accept({ x: "1" }))
      .answered(1, "b", accept({ x: "2" }))
      .answered(1, "c", accept({ x: "3" }))
      .retried(1, 2, { a: accept({ x: "1" }), b: { action: "decline" }, z: { action: "cancel" } }, tok1, true)
      .build();
    const [round] = groupRounds(call);
    expect(round?.inputs.map((i) => [i.key, i.sent, i.edited])).toEqual([
      ["a", accept({ x: "1" }), false],
      ["b", { action: "decline" }, true],
      ["c", undefined, true],
    ]);
    expect(round?.extraKeys).toEqual(["z"]);
  });
});
