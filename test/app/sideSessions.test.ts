// Sessions side by side through the app's own path (the controller, the local bridge, a real process):
// a stdio command the user confirmed for the live session also runs in the session beside it, and
// each session keeps its own frames, calls and HTTP exchanges.
import { afterEach, describe, expect, it } from "vitest";
import { demoServer } from "../../src/server/demo";
import { closeBridges, demoStdioSpec, testBridge } from "../support/bridge";
import { createController, type Controller } from "../../src/app/session/controller";
import { createBridgeStore } from "../../src/app/stores/bridgeStore";
import { closeSideSession, openSideSession, sessionsStore } from "../../src/app/session/sessions";
import type { Target } from "../../src/app/stores/connectionStore";

const controllers: Controller[] = [];
afterEach(async () => {
  for (const side of sessionsStore.getState().sessions) await closeSideSession(side.id);
  await Promise.all(controllers.splice(0).map((c) => c.disconnect("test over")));
  await closeBridges();
});

async function settled(controller: Controller): Promise<string> {
  const connection = controller.session.connection;
  for (let i = 0; i < 400 && ["idle", "connecting"].includes(connection.getState().status); i++) await new Promise((r) => setTimeout(r, 50));
  const state = connection.getState();
  return state.status === "connected" ? "connected" : `${state.status}: ${state.error?.message ?? ""}`;
}

function stdioTarget(): Target {
  const spec = demoStdioSpec();
  return { kind: "stdio", command: spec.command, args: spec.args, env: [], cwd: spec.cwd ?? "" };
}

describe("a side session on stdio through the bridge", () => {
  it("runs the command the user confirmed for the live session, at its own revision", { timeout: 60_000 }, async () => {
    const bridge = await testBridge();
    const live = createController({ embeddedServer: demoServer(), bridge: createBridgeStore({ url: bridge.url, token: bridge.token }, "pasted") });
    controllers.push(live);
    const target = stdioTarget();
    if (target.kind !== "stdio") throw new Error("unreachable");
    live.confirmSpawn({ command: target.command, args: target.args, env: {}, cwd: target.cwd });
    await live.connect({ target, revision: "2026-07-28" });
    expect(await settled(live)).toBe("connected");

    const side = openSideSession(live, "2025-11-25");
    if (!side) throw new Error("no side session");
    controllers.push(side.controller);
    expect(await settled(side.controller)).toBe("connected");
    expect(side.controller.session.connection.getState().revision).toBe("2025-11-25");
    // Its own frames and its own bridge hops, not the live session's.
    expect(side.controller.session.wire.getState().entries.length).toBeGreaterThan(0);
    expect(side.controller.session.http.getSnapshot().every((e) => e.kind === "bridge")).toBe(true);
    expect(side.controller.session.http.getSnapshot().length).toBeGreaterThan(0);
  });

  it("a command nobody confirmed still fails in words", { timeout: 30_000 }, async () => {
    const bridge = await testBridge();
    const live = createController({ embeddedServer: demoServer(), bridge: createBridgeStore({ url: bridge.url, token: bridge.token }, "pasted") });
    controllers.push(live);
    live.session.connection.setState((s) => ({ settings: { ...s.settings, target: stdioTarget() } }));
    const side = openSideSession(live, "2025-11-25");
    if (!side) throw new Error("no side session");
    controllers.push(side.controller);
    expect(await settled(side.controller)).toMatch(/^failed: this command was not confirmed/);
  });
});
