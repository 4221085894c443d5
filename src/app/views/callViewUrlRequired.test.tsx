// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../../server/demo";
import { ControllerProvider } from "../session/context";
import { createController } from "../session/controller";
import { CallView } from "./CallView";
import { RoundsTimeline } from "./RoundsTimeline";

afterEach(cleanup);
// jsdom has no scrollIntoView; a new question card scrolls itself into view (lib/focusQuestion.ts).
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

/** The embedded demo server at 2025-11-25, the call view and the rounds panel, through the real controller. */
async function connected() {
  const controller = createController({ embeddedServer: demoServer() });
  render(
    <ControllerProvider controller={controller}>
      <CallView />
      <RoundsTimeline />
    </ControllerProvider>,
  );
  await act(() => controller.connect({ revision: "2025-11-25" }));
  return controller;
}

describe("-32042 in the rounds panel and the call view (2025-11-25, embedded demo server)", () => {
  it("completion notices close the URL cards, say so, and the retry is counted as a request", async () => {
    const controller = await connected();
    const handle = await act(async () => controller.callTool("link-services", { notify: true, notifyAfterMs: 20 }));
    const outcome = await handle!.outcome;
    expect(outcome.ok).toBe(true);
    const rounds = screen.getByRole("region", { name: "Rounds" });
    await waitFor(() => expect(within(rounds).getByTestId("round-kind").textContent).toBe("URL required"));
    expect(within(rounds).getByTestId("round-origin").textContent).toBe("error -32042");
    expect(within(rounds).getByText("This request requires linking two accounts first.")).toBeTruthy();
    expect(within(rounds).getAllByTestId("completed-by-server")).toHaveLength(2);
    expect(within(rounds).getByText(/the original request sent again with a new id \(request #/)).toBeTruthy();
    expect(within(rounds).getByText(/in 2 requests \(the original call and 1 retry after -32042\)/)).toBeTruthy();
    const done = screen.getAllByTestId("server-completed");
    expect(done.map((d) => d.getAttribute("aria-label"))).toHaveLength(2);
    expect(done[0]?.textContent).toContain("the server says this is done");
    expect(screen.queryAllByRole("article", { name: /^Input request / })).toHaveLength(0);
    await controller.disconnect("test over");
  });
});
