// The controller against the hostile demo server and a restarted HTTP server: errors land in
// the calls store as typed values, and "Run again" (controller.rerun) restarts a refused flow.
import { afterEach, describe, expect, it } from "vitest";
import { demoServer } from "../../server/demo";
import { startHttpServer, type RunningHttpServer } from "../../server/http/handler";
import { createController, type Controller } from "./controller";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
});

async function until<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const lastCall = (controller: Controller) => {
  const { calls, order } = controller.session.calls.getState();
  return calls[order[order.length - 1] as string];
};

/** Answers the next pending form whose message is `message` with `content`. */
async function answer(controller: Controller, message: string, content: Record<string, unknown>): Promise<void> {
  const input = await until(() => controller.session.inputs.getState().pending.find((p) => p.params.message === message));
  controller.session.inputs.answer(input.id, { action: "accept", content: content as Record<string, string> });
}

describe("the controller and the embedded hostile server", () => {
  it("records each attack as a typed error and keeps the connection", async () => {
    const controller = createController({ embeddedServer: demoServer() });
    stops.push(() => controller.disconnect("done"));
    await controller.connect({ target: { kind: "embedded", server: "hostile" } });
    expect(controller.session.connection.getState()).toMatchObject({ status: "connected", serverInfo: { name: "presa-hostile" } });
    for (const [tool, kind] of [
      ["bad-json", "transport"],
      ["wrong-shape", "protocol"],
      ["javascript-url", "protocol"],
      ["endless-loop", "tooManyRounds"],
    ] as const) {
      await controller.callTool(tool, {})?.outcome;
      expect(lastCall(controller)).toMatchObject({ target: tool, status: "failed", error: { kind } });
    }
    await controller.callTool("echo", { message: "still here" })?.outcome;
    expect(lastCall(controller)).toMatchObject({ status: "done", result: { content: [{ type: "text", text: "still here" }] } });
    expect(controller.session.connection.getState().status).toBe("connected");
  });

  it("gives every request a 60 s timeout by default, and the connection bar's value when set", async () => {
    const controller = createController({ embeddedServer: demoServer() });
    stops.push(() => controller.disconnect("done"));
    await controller.connect({ target: { kind: "embedded", server: "hostile" }, timeoutMs: 150 });
    await controller.callTool("never-answers", {})?.outcome;
    expect(lastCall(controller)).toMatchObject({ status: "failed", error: { kind: "timeout", message: "tools/call got no answer in 150 ms" } });
    await controller.connect({ timeoutMs: undefined });
    expect(controller.clientOptions()?.requestTimeoutMs).toBe(60_000);
  });
});

describe("Run again after the server restarted with a new key", () => {
  it("the refused flow starts over with the same arguments and completes", async () => {
    let running: RunningHttpServer = await startHttpServer(demoServer(), { port: 0 });
    stops.push(() => running.close());
    const controller = createController({ embeddedServer: demoServer() });
    stops.push(() => controller.disconnect("done"));
    await controller.connect({ target: { kind: "url", url: running.url, headers: [] } });
    const first = controller.callTool("two-steps", {});
    const port = running.port;
    await until(() => controller.session.inputs.getState().pending[0]);
    await running.close();
    running = await startHttpServer(demoServer(), { port });
    await new Promise((r) => setTimeout(r, 100));
    await answer(controller, "Name?", { name: "Ada" });
    await first?.outcome;
    const refused = lastCall(controller);
    expect(refused).toMatchObject({ status: "failed", error: { kind: "protocol", code: -32602, data: { reason: "signature" } } });

    const again = controller.rerun(refused?.callId as string);
    await answer(controller, "Name?", { name: "Ada" });
    await answer(controller, "Color?", { color: "teal" });
    await (await again)?.outcome;
    const rerun = lastCall(controller);
    expect(rerun?.callId).not.toBe(refused?.callId);
    expect(rerun).toMatchObject({ method: "tools/call", target: "two-steps", status: "done", result: { content: [{ text: "Ada likes teal" }] } });
  });
});
