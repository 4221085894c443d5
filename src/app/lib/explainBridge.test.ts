import { describe, expect, it } from "vitest";
import { McpError } from "../../core";
import { explainError } from "./explainError";

describe("explainError: the bridge's own failures", () => {
  it.each([
    ["none", "No bridge", /npm start/],
    ["unreachable", "Bridge unreachable", /npm run bridge/],
    ["unauthorized", "The bridge refused the token", /changes every time/],
    ["forbidden-origin", "The bridge refused this page", /--allow-origin/],
    ["blocked-target", "Target blocked by the bridge", /link-local, cloud metadata/],
    ["spawn-failed", "The command could not start", /PATH/],
    ["unconfirmed", "Not confirmed", /confirm the command/],
    ["upstream-failed", "The bridge could not reach the server", /server runs/],
  ])("%s → %s", (bridge, title, hint) => {
    const e = explainError(new McpError({ kind: "transport", message: "m", reason: { type: "bridge", code: bridge } }));
    expect(e.title).toBe(title);
    expect(e.hint).toMatch(hint);
  });

  it("a stdio process that exited", () => {
    const e = explainError(new McpError({ kind: "closed", message: "the server process exited with code 3; last stderr: boom", reason: { type: "exit", exit: { code: 3, signal: null, stderrTail: ["boom"] } } }));
    expect(e).toMatchObject({ title: "The server process exited", detail: "the server process exited with code 3; last stderr: boom" });
  });
});
