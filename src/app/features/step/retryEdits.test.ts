import { describe, expect, it } from "vitest";
import { CallBuilder, accept, presaToken } from "../../../../test/support/recording/builders";
import { buildRetry, initialEdits, parseResponses, tokenChange, type RetryEdits } from "./retryEdits";

const TOKEN = presaToken();
const b = new CallBuilder();
const withToken = b.draft(1, { name: accept({ name: "Ada" }) }, TOKEN);
const withoutToken = b.draft(1, { name: accept({ name: "Ada" }) });

describe("parseResponses", () => {
  it.each([
    ["{}", true, undefined],
    ['{"a":{"action":"accept"}}', true, undefined],
    ["[]", false, /not an array/],
    ["null", false, /not null/],
    ["5", false, /not number/],
    ["{", false, /JSON|Expected|Unexpected/],
  ])("%s", (text, ok, error) => {
    const r = parseResponses(text);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.error).toMatch(error as RegExp);
  });
});

describe("buildRetry", () => {
  const edit = (draft: typeof withToken, over: Partial<RetryEdits>) => buildRetry(draft, { ...initialEdits(draft), ...over });

  it("untouched: the held draft exactly, the token byte for byte", () => {
    const r = edit(withToken, {});
    expect(r).toMatchObject({ ok: true, token: "kept", responsesEdited: false, missingKeys: [], extraKeys: [] });
    expect(r.ok && r.draft).toEqual(withToken);
    expect(r.ok && r.draft.requestState).toBe(TOKEN);
  });

  it("keeps the server's token even if the field shows something else, until the user edits it", () => {
    const r = edit(withToken, { token: "whatever the input normalised to" });
    expect(r.ok && r.draft.requestState).toBe(TOKEN);
  });

  it.each<[string, typeof withToken, Partial<RetryEdits>, string, string | undefined]>([
    ["edited", withToken, { token: `${TOKEN}x`, tokenTouched: true }, "edited", `${TOKEN}x`],
    ["edited back to the same text", withToken, { token: TOKEN, tokenTouched: true }, "kept", TOKEN],
    ["cleared is an empty token, not none", withToken, { token: "", tokenTouched: true }, "edited", ""],
    ["removed", withToken, { removeToken: true, token: "x", tokenTouched: true }, "removed", undefined],
    ["none to start with", withoutToken, {}, "none", undefined],
    ["none, field left empty", withoutToken, { token: "", tokenTouched: true }, "none", undefined],
    ["none, one added", withoutToken, { token: "abc", tokenTouched: true }, "added", "abc"],
  ])("token %s", (_name, draft, over, change, sent) => {
    const r = edit(draft, over);
    expect(r.ok && r.token).toBe(change);
    expect(r.ok && r.draft.requestState).toBe(sent);
    expect(r.ok && "requestState" in r.draft).toBe(sent !== undefined);
  });

  it("reports edited answers and keys that do not match the questions", () => {
    const r = edit(withToken, { responsesText: '{"color":{"action":"decline"}}' });
    expect(r).toMatchObject({ ok: true, responsesEdited: true, missingKeys: ["name"], extraKeys: ["color"] });
  });

  it("refuses JSON that does not parse, with the reason", () => {
    expect(edit(withToken, { responsesText: "{" })).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it.each([
    [undefined, undefined, "none"],
    [undefined, "a", "added"],
    ["a", undefined, "removed"],
    ["a", "a", "kept"],
    ["a", "b", "edited"],
  ])("tokenChange(%s, %s) = %s", (a, s, change) => expect(tokenChange(a, s)).toBe(change));
});
