import { describe, expect, it } from "vitest";
import { kindLabel, travelLabel } from "./travel";

describe("travelLabel", () => {
  it.each([
    ["modern", "sent back as a retry (2026-07-28)"],
    ["legacy", "answers a live server request (initialize era)"],
  ] as const)("%s", (era, text) => expect(travelLabel(era)).toBe(text));

  it("a URL of a -32042 error is not answered: the call is sent again", () => expect(travelLabel("legacy", true)).toBe("the call is sent again once done (-32042)"));
});

describe("kindLabel", () => {
  it.each([
    ["elicitation/create", {}, "Elicitation (form)"],
    ["elicitation/create", { mode: "url" }, "Elicitation (URL)"],
    ["sampling/createMessage", {}, "Sampling"],
    ["roots/list", {}, "Roots"],
  ] as const)("%s %j", (kind, params, text) => expect(kindLabel(kind, params)).toBe(text));
});
