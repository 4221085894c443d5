import { describe, expect, it } from "vitest";
import { CallBuilder, presaToken } from "../../../../../test/support/recording/builders";
import { chainOf, firstDiff } from "./chainOf";
import { groupRounds } from "../../../model";

const A = presaToken({ state: { step: 1 } });
const B = presaToken({ state: { step: 2 } });
const OTHER_CALL = presaToken({ params: { name: "greet", arguments: {} } });
const JSON_TOKEN = '{"step":1}';

type Round = { got?: string; sent?: string | null };

/** Rounds from a compact table row: `got` is the server's token, `sent` the retry's (null: no retry). */
function chainFor(rows: Round[]) {
  const b = new CallBuilder();
  rows.forEach((r, i) => {
    b.round(i + 1, {}, r.got);
    if (r.sent !== null) b.retried(i + 1, i + 10, {}, r.sent);
  });
  return chainOf(groupRounds(b.build()));
}

describe("chainOf", () => {
  it.each<[string, Round[], Array<[string, string, boolean]>]>([
    ["one round echoed exactly", [{ got: A, sent: A }], [["exact", "end", false]]],
    ["a new token each round stays one chain", [{ got: A, sent: A }, { got: B, sent: B }], [["exact", "new", false], ["exact", "end", false]]],
    ["the server reused its token", [{ got: A, sent: A }, { got: A, sent: A }], [["exact", "same", false], ["exact", "end", false]]],
    ["JSON text tokens compare byte for byte", [{ got: JSON_TOKEN, sent: '{"step": 1}' }], [["edited", "end", true]]],
    ["the retry dropped the token", [{ got: A, sent: undefined }], [["removed", "end", true]]],
    ["the retry invented a token", [{ got: undefined, sent: A }], [["added", "end", true]]],
    ["no token anywhere", [{ got: undefined, sent: undefined }, { got: undefined, sent: undefined }], [["none", "none", false], ["none", "end", false]]],
    ["the next round dropped the token", [{ got: A, sent: A }, { got: undefined, sent: null }], [["exact", "dropped", false], ["pending", "end", false]]],
    ["a state-only round gains a token", [{ got: undefined, sent: undefined }, { got: A, sent: A }], [["none", "new", false], ["exact", "end", false]]],
  ])("%s", (_name, rows, expected) => {
    const chain = chainFor(rows);
    expect(chain.links.map((l) => [l.echo, l.next, l.mismatch])).toEqual(expected);
    expect(chain.mismatches).toBe(expected.filter((e) => e[2]).length);
    expect(chain.ok).toBe(chain.mismatches === 0);
  });

  it("says where an edited token first differs", () => {
    const edited = `${A.slice(0, 20)}X${A.slice(21)}`;
    expect(chainFor([{ got: A, sent: edited }]).links[0]?.diffAt).toBe(20);
  });

  it.each([
    ["same call, new state", [A, B], true],
    ["a token of another call", [A, OTHER_CALL], false],
    ["not presa", [JSON_TOKEN, A], undefined],
  ])("sameScope: %s", (_name, [first, second], expected) => {
    expect(chainFor([{ got: first, sent: first }, { got: second, sent: second }]).links[1]?.sameScope).toBe(expected);
  });

  it("initialize-era rounds have no token to echo", () => {
    const call = new CallBuilder().round(1, {}, undefined, "legacy", 5).build();
    expect(chainOf(groupRounds(call)).links[0]).toMatchObject({ echo: "live", mismatch: false });
  });
});

describe("firstDiff", () => {
  it.each([
    ["abc", "abc", undefined],
    ["abc", "abd", 2],
    ["abc", "ab", 2],
    ["", "x", 0],
  ])("%j vs %j", (a, b, expected) => {
    expect(firstDiff(a, b)).toBe(expected);
  });
});
