import { describe, expect, it } from "vitest";
import type { PendingInput } from "../../input/inputStore";
import { escapeAction } from "./escapeAction";

const input = (id: string, kind: PendingInput["kind"], callId: string): PendingInput => ({ id, kind, params: {}, key: id, round: 1, callId, era: "modern", askedAt: 0 });

describe("escapeAction", () => {
  it.each<[string, PendingInput[], string | undefined, unknown]>([
    ["nothing pending", [], "call-1", undefined],
    ["an elicitation is cancelled", [input("a", "elicitation/create", "call-1")], "call-1", { id: "a", kind: "answer", response: { action: "cancel" } }],
    ["the selected call's input first", [input("a", "elicitation/create", "call-1"), input("b", "elicitation/create", "call-2")], "call-2", { id: "b", kind: "answer", response: { action: "cancel" } }],
    ["else the oldest", [input("a", "elicitation/create", "call-1")], "call-9", { id: "a", kind: "answer", response: { action: "cancel" } }],
  ])("%s", (_n, pending, selected, expected) => {
    expect(escapeAction(pending, selected)).toEqual(expected);
  });

  it.each([["sampling/createMessage", "User rejected the sampling request (Escape)"], ["roots/list", "User rejected the roots request (Escape)"]] as const)("%s is refused as cancelled", (kind, message) => {
    const action = escapeAction([input("a", kind, "call-1")], "call-1");
    expect(action?.kind).toBe("refuse");
    expect(action?.kind === "refuse" && [action.error.kind, action.error.code, action.error.message]).toEqual(["cancelled", -1, message]);
  });
});
