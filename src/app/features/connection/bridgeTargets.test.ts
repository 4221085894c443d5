// The controller's rules for bridge targets: nothing is spawned without the user's confirmation of
// that exact spec, the bridge gets exactly the confirmed spec, and no bridge is said in words.
import { describe, expect, it } from "vitest";
import { demoServer } from "../../../server/demo";
import { createController } from "../../session/controller";
import { createBridgeStore } from "../../stores/bridgeStore";
import type { Target } from "../../stores/connectionStore";
import { spawnSpecOf } from "../../stores/targets";

const stdio: Extract<Target, { kind: "stdio" }> = { kind: "stdio", command: " node ", args: ["server.js", "--flag value"], env: [{ name: "API_KEY", value: "k" }, { name: " ", value: "ignored" }], cwd: "/srv" };

function setup(withBridge = true) {
  const requests: { url: string; method: string; body: string | undefined; auth: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push({ url: String(input), method: init?.method ?? "GET", body: init?.body as string | undefined, auth: new Headers(init?.headers).get("authorization") });
    return new Response(JSON.stringify({ error: { code: "spawn-failed", message: "could not start" } }), { status: 422, headers: { "X-Presa-Bridge": "error" } });
  };
  const bridge = createBridgeStore(withBridge ? { url: "http://127.0.0.1:9999", token: "tok-0123456789abcdef" } : undefined, "page");
  const controller = createController({ embeddedServer: demoServer(), fetch, bridge });
  return { controller, requests };
}

describe("stdio targets", () => {
  it("are not spawned before the user confirmed exactly that spec", async () => {
    const { controller, requests } = setup();
    await controller.connect({ target: stdio });
    expect(controller.session.connection.getState()).toMatchObject({ status: "failed", error: { reason: { type: "bridge", code: "unconfirmed" } } });
    // A confirmation for another spec does not count.
    controller.confirmSpawn({ ...spawnSpecOf(stdio), args: ["server.js"] });
    await controller.connect({ target: stdio });
    expect(controller.session.connection.getState().error?.reason).toEqual({ type: "bridge", code: "unconfirmed" });
    expect(requests).toEqual([]);
  });

  it("once confirmed, the bridge is asked for exactly the spec shown, with the token", async () => {
    const { controller, requests } = setup();
    controller.confirmSpawn(spawnSpecOf(stdio));
    await controller.connect({ target: stdio });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: "http://127.0.0.1:9999/sessions", method: "POST", auth: "Bearer tok-0123456789abcdef" });
    expect(JSON.parse(requests[0]?.body ?? "")).toEqual({ command: "node", args: ["server.js", "--flag value"], env: { API_KEY: "k" }, cwd: "/srv" });
    expect(controller.session.connection.getState()).toMatchObject({ status: "failed", error: { status: 422, reason: { type: "bridge", code: "spawn-failed" } } });
  });

  it("without a bridge, stdio and HTTP-via-bridge targets fail in words, and nothing is fetched", async () => {
    const { controller, requests } = setup(false);
    controller.confirmSpawn(spawnSpecOf(stdio));
    await controller.connect({ target: stdio });
    expect(controller.session.connection.getState().error?.message).toMatch(/^no bridge: start `npm start` \(or `npm run bridge`\) and paste its URL and token/);
    await controller.connect({ target: { kind: "bridge-http", url: "http://127.0.0.1:3939/mcp", headers: [] } });
    expect(controller.session.connection.getState().error?.reason).toEqual({ type: "bridge", code: "none" });
    expect(requests).toEqual([]);
  });
});
