import { describe, expect, it } from "vitest";
import type { CallEvent } from "../../../model";
import { notificationsOf } from "./callNotifications";

const note = (method: string, params: Record<string, unknown> | undefined, at = 1): CallEvent => ({ type: "notification", method, params, callId: "call-1", at });

describe("notificationsOf", () => {
  it.each<[string, CallEvent[], unknown]>([
    ["no notifications", [], undefined],
    ["the latest progress wins", [note("notifications/progress", { progressToken: 1, progress: 1, total: 4 }), note("notifications/progress", { progressToken: 1, progress: 3, total: 4, message: "three" })], { progress: 3, total: 4, message: "three", percent: 75 }],
    ["no total: no percent", [note("notifications/progress", { progress: 7 })], { progress: 7, total: undefined, message: undefined, percent: undefined }],
    ["a zero total counts as none", [note("notifications/progress", { progress: 1, total: 0 })], { progress: 1, total: undefined, message: undefined, percent: undefined }],
    ["over the total is capped at 100%", [note("notifications/progress", { progress: 9, total: 3 })], { progress: 9, total: 3, message: undefined, percent: 100 }],
    ["a progress that is not a number is skipped", [note("notifications/progress", { progress: "1" })], undefined],
  ])("progress: %s", (_n, events, expected) => {
    expect(notificationsOf(events).progress).toEqual(expected);
  });

  it("keeps log lines in order, data as text", () => {
    const logs = notificationsOf([
      note("notifications/message", { level: "info", logger: "demo", data: "started" }, 1),
      note("notifications/progress", { progress: 1 }),
      note("notifications/message", { level: "warning", data: { step: 2 } }, 3),
      note("notifications/message", { data: "<b>not html</b>" }, 4),
      note("notifications/message", undefined, 5),
    ]).logs;
    expect(logs).toEqual([
      { level: "info", logger: "demo", text: "started", at: 1 },
      { level: "warning", logger: undefined, text: '{"step":2}', at: 3 },
      { level: "info", logger: undefined, text: "<b>not html</b>", at: 4 },
    ]);
  });

  it("caps long data", () => {
    expect(notificationsOf([note("notifications/message", { level: "info", data: "x".repeat(2000) })]).logs[0]?.text).toHaveLength(501);
  });
});
