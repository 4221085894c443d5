import { describe, expect, it } from "vitest";
import { brokenFrame, notificationFrame, requestFrame, resultFrame, wireEntry } from "../../../../../test/support/recording/builders";
import { entryMessage } from "../../../../core/recording";
import type { WireEntry } from "../wireStore";
import { formatBytes, formatClock, frameBody, frameInfo } from "./frameInfo";

describe("frameInfo", () => {
  it.each([
    ["a request", requestFrame(7, "tools/call"), { kind: "request", method: "tools/call", id: "7" }],
    ["a result names the method it answers", resultFrame("a", "tools/call"), { kind: "result", method: "tools/call", id: "a" }],
    ["an error response", wireEntry("in", { jsonrpc: "2.0", id: 4, error: { code: -32602, message: "bad" } }, { method: "tools/call" }), { kind: "error", method: "tools/call", id: "4" }],
    ["a response to a request we no longer know", wireEntry("in", { jsonrpc: "2.0", id: 5, result: {} }), { kind: "result", method: "", id: "5" }],
    ["a notification", notificationFrame("notifications/progress"), { kind: "notification", method: "notifications/progress", id: "" }],
    ["a broken frame", brokenFrame("{oops"), { kind: "broken", method: "", id: "" }],
  ])("%s", (_name, frame, expected) => expect(frameInfo(frame)).toEqual(expected));
});

describe("formatClock", () => {
  it.each([
    [Date.UTC(2026, 6, 28, 9, 5, 3, 7), 0, "09:05:03.007"],
    [Date.UTC(2026, 6, 28, 23, 59, 59, 999), -120, "01:59:59.999"],
    [Date.UTC(2026, 6, 28, 0, 30, 0, 0), 60, "23:30:00.000"],
    [Number.NaN, 0, "--:--:--.---"],
  ])("%s at offset %s", (at, offset, text) => expect(formatClock(at, offset)).toBe(text));
});

describe("formatBytes and frameBody", () => {
  it.each([
    [348, "348 B"],
    [12_400, "12.4 kB"],
    [1_250_000, "1.3 MB"],
  ])("%s", (n, text) => expect(formatBytes(n)).toBe(text));

  it("pretty-prints parsed frames and keeps broken ones raw, capped", () => {
    const body = (entry: WireEntry, max: number) => frameBody(entry.raw, entryMessage(entry), max);
    expect(body(requestFrame(1, "ping"), 1000).text).toContain('\n  "method": "ping"');
    expect(body(brokenFrame("{oops"), 1000).text).toBe("{oops");
    expect(body(brokenFrame("x".repeat(50)), 10)).toEqual({ text: "x".repeat(10), truncated: true, length: 50 });
  });
});
