import { describe, expect, it, vi } from "vitest";
import { createTestController } from "../../test/support/app/renderWithController";
import { attachFormPrefetch } from "./prefetchForms";

describe("attachFormPrefetch", () => {
  it("fetches the forms code once, after the first connection, and again only if that fetch failed", async () => {
    vi.useFakeTimers();
    try {
      const controller = createTestController();
      let fail = true;
      const fetchAhead = vi.fn(() => (fail ? Promise.reject(new Error("offline")) : Promise.resolve()));
      const undo = attachFormPrefetch(controller, fetchAhead);
      await vi.runAllTimersAsync();
      expect(fetchAhead).not.toHaveBeenCalled();
      await controller.connect({});
      await vi.runAllTimersAsync();
      expect(controller.session.connection.getState().status).toBe("connected");
      expect(fetchAhead).toHaveBeenCalledTimes(1);
      fail = false;
      await controller.connect({});
      await vi.runAllTimersAsync();
      expect(fetchAhead).toHaveBeenCalledTimes(2);
      await controller.connect({});
      await vi.runAllTimersAsync();
      expect(fetchAhead).toHaveBeenCalledTimes(2);
      undo();
    } finally {
      vi.useRealTimers();
    }
  });
});
