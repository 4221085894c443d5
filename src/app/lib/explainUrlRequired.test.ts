import { describe, expect, it } from "vitest";
import { McpError } from "../../core";
import { explainError } from "./explainError";

describe("explainError for -32042 (URL elicitation required)", () => {
  const from = (problem: "notInRevision" | "malformed" | "repeated", revision: string | undefined, message = "Sign in first.") =>
    explainError(new McpError({ kind: "protocol", code: -32042, message, reason: { type: "urlRequired", problem, revision } }));

  it("on 2026-07-28 says the revision removed it, with the server's message", () => {
    const e = from("notInRevision", "2026-07-28");
    expect(e.title).toBe("-32042 URL elicitation required");
    expect(e.detail).toBe("the server answered with -32042 (URL elicitation required), which 2026-07-28 removed: a server asks for a URL with an input_required result instead. Server message: Sign in first.");
  });

  it("before 2025-11-25 says it does not exist yet", () => {
    expect(from("notInRevision", "2025-06-18").detail).toMatch(/exists only on 2025-11-25; this session speaks 2025-06-18/);
  });

  it("a repeat and a malformed list each get their hint", () => {
    expect(from("repeated", "2025-11-25", "asked 3 times").hint).toMatch(/keeps asking for the same URLs/);
    expect(from("malformed", undefined, "bad list").hint).toMatch(/not the shape 2025-11-25 defines/);
  });
});
