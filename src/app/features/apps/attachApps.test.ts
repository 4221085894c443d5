import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestController } from "../../../../test/support/app/renderWithController";
import { WEATHER_APP_URI } from "../../../server/demo/appTools";
import { uiActions } from "../../stores/uiStore";
import { attachApps } from "./attachApps";
import { appsStore } from "./appsStore";
import { readAheadOf } from "./readAhead";

/** The timer task attachApps fetches ahead in, and the reads it started, are done. */
async function settled(readAhead: { mock: { results: { value: unknown }[] } }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.allSettled(readAhead.mock.results.map((r) => r.value));
}

describe("attachApps fetching ahead", () => {
  afterEach(() => uiActions.select(undefined));

  it("when a tool with an app is chosen: fetches the host's chunk once, reads the app's document once per connection, and keeps the sandbox warm", async () => {
    const controller = createTestController();
    const fetchAhead = vi.fn(() => Promise.resolve());
    const readAhead = vi.spyOn(controller, "readAhead");
    const undo = attachApps(controller, fetchAhead);
    try {
      await controller.connect({});
      await controller.listTools();
      await settled(readAhead);
      // Listed, nothing chosen: nothing fetched (most pages never open an app).
      expect(fetchAhead).not.toHaveBeenCalled();
      expect(readAhead).not.toHaveBeenCalled();
      expect(appsStore.getState().warm).toBe(false);

      // A tool without an app: still nothing.
      uiActions.select({ kind: "tool", name: "greet" });
      await settled(readAhead);
      expect(fetchAhead).not.toHaveBeenCalled();
      expect(readAhead).not.toHaveBeenCalled();

      uiActions.select({ kind: "tool", name: "weather-app" });
      await settled(readAhead);
      expect(fetchAhead).toHaveBeenCalledTimes(1);
      expect(readAhead.mock.calls).toEqual([[WEATHER_APP_URI]]);
      expect(appsStore.getState().warm).toBe(true);
      const id = controller.session.connection.getState().connectionId as number;
      const read = await readAheadOf()?.get(id, WEATHER_APP_URI);
      expect(JSON.stringify(read)).toContain("text/html;profile=mcp-app");
      // The read is the page's own, in the wire log.
      controller.session.wire.flush();
      expect(controller.session.wire.getState().entries.some((f) => f.direction === "out" && f.raw.includes('"resources/read"') && f.raw.includes(WEATHER_APP_URI))).toBe(true);

      // The demo's other app tool shares the document, and the chunk is fetched: nothing again.
      uiActions.select({ kind: "tool", name: "app-pick-city" });
      await controller.listTools();
      await settled(readAhead);
      expect(readAhead).toHaveBeenCalledTimes(1);
      expect(fetchAhead).toHaveBeenCalledTimes(1);

      // A new connection: forgotten and the warm sandbox gone; the choice, kept across the reconnect,
      // counts again once its listing names the tool.
      await controller.connect({});
      await settled(readAhead);
      const next = controller.session.connection.getState().connectionId as number;
      expect(next).not.toBe(id);
      expect(readAheadOf()?.get(next, WEATHER_APP_URI)).toBeUndefined();
      expect(appsStore.getState().warm).toBe(false);
      await controller.listTools();
      await settled(readAhead);
      expect(readAhead).toHaveBeenCalledTimes(2);
      expect(await readAheadOf()?.get(next, WEATHER_APP_URI)).toBeDefined();
      expect(appsStore.getState().warm).toBe(true);
    } finally {
      undo();
    }
    expect(readAheadOf()).toBeUndefined();
  });
});
