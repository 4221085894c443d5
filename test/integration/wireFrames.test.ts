// The wire validator itself, and the one known schema.json quirk: elicitation
// content values are typed integer there, so a valid float answer fails strict validation. The
// validator is not weakened for it; the failure is pinned here instead.
import { afterEach, describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/core";
import { MODERN, TRANSPORTS, closePairs, demoHandlers, expectFramesValid, openPair, validateFrames } from "../support/harness";

afterEach(closePairs);

const floatSurvey = () => ({
  ...demoHandlers(),
  "elicitation/create": () => ({ action: "accept" as const, content: { name: "Ada", editor: "vim", rating: 4.5 } }),
});

describe.each(TRANSPORTS)("a float in an elicitation answer, %s", (transport) => {
  it("on 2026-07-28 the call works, and only the retry carrying 4.5 fails schema.json", async () => {
    const p = await openPair({ transport, handlers: floatSurvey() });
    const result = await p.client.callTool("survey");
    expect(result.structuredContent).toEqual({ name: "Ada", editor: "vim", rating: 4.5 });
    const report = validateFrames(p.events, MODERN);
    expect(report.checked).toBeGreaterThan(4);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]?.sender).toBe("client");
    expect(report.failures[0]?.errors).toContain("/params/inputResponses/survey/content/rating must be string,integer,boolean");
  });

  it("on 2025-11-25 only the client's answer to elicitation/create fails, for the same reason", async () => {
    const p = await openPair({ transport, versions: ["2025-11-25"], handlers: floatSurvey() });
    await p.client.callTool("survey");
    const report = validateFrames(p.events, "2025-11-25");
    expect(report.failures.map((f) => [f.sender, f.answers])).toEqual([["client", "elicitation/create"]]);
    expect(report.failures[0]?.errors).toContain("/result/content/rating must be string,integer,boolean");
  });

  it("the same answer with an integer rating is valid everywhere", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    await p.client.callTool("survey");
    expect(validateFrames(p.events, MODERN).failures).toEqual([]);
  });
});

describe("expectFramesValid can fail", () => {
  const frame = (direction: "out" | "in", message: Record<string, unknown>, method?: string): ClientEvent => ({
    type: "frame",
    frame: { direction, message: message as never, raw: JSON.stringify(message), size: 0, at: 0, ...(method ? { method } : {}) },
  });

  it("rejects a 2026-07-28 request without its _meta, naming the frame", () => {
    const events = [frame("out", { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })];
    expect(() => expectFramesValid(events, MODERN)).toThrow(/1 of 1 frames are invalid:[\s\S]*client frame \(2026-07-28\)/);
  });

  it("rejects a result that answers with the wrong shape, using Frame.method to know what it answers", () => {
    const events = [frame("in", { jsonrpc: "2.0", id: 1, result: { resultType: "complete", nope: true } }, "tools/list")];
    expect(() => expectFramesValid(events, MODERN)).toThrow(/answering tools\/list/);
  });

  it("rejects a server request on 2026-07-28, where servers send none", () => {
    const events = [frame("in", { jsonrpc: "2.0", id: "s1", method: "elicitation/create", params: { message: "x", requestedSchema: { type: "object", properties: {} } } })];
    expect(() => expectFramesValid(events, MODERN)).toThrow(/is not a ServerRequest in 2026-07-28/);
  });

  it("refuses to pass an empty log", () => {
    expect(() => expectFramesValid([], MODERN)).toThrow("no frames to validate");
  });

  it("accepts the same request once it carries _meta", () => {
    const meta = { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} };
    expect(expectFramesValid([frame("out", { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } })], MODERN)).toBe(1);
  });
});
