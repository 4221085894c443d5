// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CallRecord } from "../../../model";
import { CallNotifications } from "./CallNotifications";

afterEach(cleanup);

function call(events: CallRecord["events"]): CallRecord {
  return { callId: "call-1", connectionId: 1, method: "tools/call", target: "countdown", params: {}, revision: "2026-07-28", status: "running", startedAt: 0, events };
}

describe("CallNotifications", () => {
  it("shows nothing for a call without notifications", () => {
    const { container } = render(<CallNotifications call={call([])} />);
    expect(container.innerHTML).toBe("");
  });

  it("shows the progress bar and the log lines, as text", () => {
    render(
      <CallNotifications
        call={call([
          { type: "notification", method: "notifications/progress", params: { progressToken: "p", progress: 2, total: 4, message: "half" }, callId: "call-1", at: 1 },
          { type: "notification", method: "notifications/message", params: { level: "info", logger: "demo", data: "<img src=x onerror=alert(1)>" }, callId: "call-1", at: 2 },
        ])}
      />,
    );
    expect(screen.getByTestId("progress-text").textContent).toBe("2 / 4 · half");
    expect(screen.getByLabelText("Progress").getAttribute("max")).toBe("4");
    const logs = screen.getByRole("list", { name: "Log messages" });
    expect(logs.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(logs.querySelector("img")).toBeNull();
  });
});
