import { describe, expect, it, vi } from "vitest";
import { createTestController } from "../../../../test/support/app/renderWithController";
import { WEATHER_APP_URI } from "../../../server/demo/appTools";
import { attachApps, listedAppUris } from "./attachApps";
import { appsStore } from "./appsStore";
import { readAheadOf } from "./readAhead";

/** The timer task attachApps fetches ahead in, and the reads it started, are done. */
async function settled(readAhead: { mock: { results: { value: unknown }[] } }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.allSettled(readAhead.mock.results.map((r) => r.value));
}

describe("attachApps fetching ahead", () => {
  it("on a listing with apps: fetches the host's chunk once, reads the app's document once per connection, and keeps the sandbox warm", async () => {
    {
      const controller = createTestController();
      const fetchAhead = vi.fn(() => Promise.resolve());
      const readAhead = vi.spyOn(controller, "readAhead");
      const undo = attachApps(controller, fetchAhead);
      await controller.connect({});
      await settled(readAhead);
      // Connected, nothing listed yet: nothing fetched.
      expect(fetchAhead).not.toHaveBeenCalled();
      expect(readAhead).not.toHaveBeenCalled();
      expect(appsStore.getState().listsApps).toBe(false);

      await controller.listTools();
      await settled(readAhead);
      expect(fetchAhead).toHaveBeenCalledTimes(1);
      // The demo's two app tools share one document: one read.
      expect(readAhead.mock.calls).toEqual([[WEATHER_APP_URI]]);
      expect(appsStore.getState().listsApps).toBe(true);
      const id = controller.session.connection.getState().connectionId as number;
      const read = await readAheadOf()?.get(id, WEATHER_APP_URI);
      expect(JSON.stringify(read)).toContain("text/html;profile=mcp-app");
      // The read is the page's own, in the wire log.
      controller.session.wire.flush();
      expect(controller.session.wire.getState().entries.some((f) => f.direction === "out" && f.raw.includes('"resources/read"') && f.raw.includes(WEATHER_APP_URI))).toBe(true);

      // Listed again on the same connection: nothing read again.
      await controller.listTools();
      await settled(readAhead);
      expect(readAhead).toHaveBeenCalledTimes(1);
      expect(fetchAhead).toHaveBeenCalledTimes(1);

      // A new connection: forgotten (and the warm sandbox gone) until its listing reads again.
      await controller.connect({});
      await settled(readAhead);
      const next = controller.session.connection.getState().connectionId as number;
      expect(next).not.toBe(id);
      expect(readAheadOf()?.get(next, WEATHER_APP_URI)).toBeUndefined();
      expect(appsStore.getState().listsApps).toBe(false);
      await controller.listTools();
      await settled(readAhead);
      expect(readAhead).toHaveBeenCalledTimes(2);
      expect(await readAheadOf()?.get(next, WEATHER_APP_URI)).toBeDefined();
      undo();
      expect(readAheadOf()).toBeUndefined();
    }
  });

  it("takes only well-formed ui:// app tools from a listing", () => {
    expect(listedAppUris({ tools: [{ name: "a", _meta: { ui: { resourceUri: "ui://a" } } }, { name: "b" }, "junk", { name: "c", _meta: { ui: { resourceUri: "https://x" } } }] })).toEqual(["ui://a"]);
    expect(listedAppUris(undefined)).toEqual([]);
    expect(listedAppUris({ tools: "no" })).toEqual([]);
  });
});
