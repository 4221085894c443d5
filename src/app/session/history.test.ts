// The call history is the page's: across reconnects (here on three revisions) every call keeps its
// own page-unique id, its connection, target and revision.
import { afterEach, describe, expect, it } from "vitest";
import { demoServer } from "../../server/demo";
import { createController } from "./controller";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
});

describe("the controller's history across reconnects", () => {
  it("keeps every call with a distinct id, its connection, target and revision", async () => {
    const controller = createController({ embeddedServer: demoServer() });
    stops.push(() => controller.disconnect("done"));
    await controller.connect({ revision: "2026-07-28" });
    const first = controller.callTool("echo", { message: "one" });
    await first?.outcome;
    await controller.connect({ revision: "2025-11-25" });
    const second = controller.callTool("echo", { message: "two" });
    await second?.outcome;
    await controller.connect({ revision: "auto" });
    const third = controller.readResource("demo://readme");
    await third?.outcome;
    const ids = [first?.id, second?.id, third?.id];
    expect(new Set(ids).size).toBe(3);
    const s = controller.session.calls.getState();
    expect(s.order).toEqual(ids);
    expect(s.order.map((id) => s.calls[id]).map((c) => [c?.callId, c?.connectionId, c?.method, c?.target, c?.revision])).toEqual([
      [first?.id, 1, "tools/call", "echo", "2026-07-28"],
      [second?.id, 2, "tools/call", "echo", "2025-11-25"],
      [third?.id, 3, "resources/read", "demo://readme", "2026-07-28"],
    ]);
  });
});
