// The connection's transport choice through the controller (the app's path): server-everything's
// 2024-11-05 HTTP+SSE entry reached with "HTTP+SSE", with "auto" (Streamable HTTP first, then the
// fallback), and through the local bridge; Streamable HTTP stays the default.
import { describe, expect, it } from "vitest";
import { useEverything } from "../support/interop/support";
import { AutoHttpTransport, LegacySseTransport, StreamableHttpTransport, text } from "../../src/core";
import { demoServer } from "../../src/server/demo";
import { testBridge } from "../support/bridge";
import { createController } from "../../src/app/session/controller";
import { createBridgeStore } from "../../src/app/stores/bridgeStore";
import type { Target } from "../../src/app/stores/connectionStore";
import { httpTransport } from "../../src/app/session/httpTransport";
import { draftOf, draftToTarget, targetDraftReducer } from "../../src/app/features/connection/utils/targetDraft";

const everything = useEverything("sse");

async function echoOver(target: Target, bridge?: { url: string; token: string }): Promise<{ status: string; echo: string | undefined }> {
  const controller = createController({ embeddedServer: demoServer(), ...(bridge ? { bridge: createBridgeStore(bridge, "pasted") } : {}) });
  try {
    await controller.connect({ target, revision: "2025-06-18" });
    const status = controller.session.connection.getState().status;
    if (status !== "connected") return { status: `${status}: ${controller.session.connection.getState().error?.message ?? ""}`, echo: undefined };
    const outcome = await controller.callTool("echo", { message: "over SSE" })?.outcome;
    return { status, echo: outcome?.ok ? text(outcome.result) : undefined };
  } finally {
    await controller.disconnect("test over");
  }
}

describe("the URL target's transport choice", () => {
  it("HTTP+SSE (2024-11-05) connects and calls", async () => {
    expect(await echoOver({ kind: "url", url: everything.url, headers: [], transport: "http+sse" })).toEqual({ status: "connected", echo: "Echo: over SSE" });
  });

  it("auto falls back from Streamable HTTP to HTTP+SSE", async () => {
    expect(await echoOver({ kind: "url", url: everything.url, headers: [], transport: "auto" })).toEqual({ status: "connected", echo: "Echo: over SSE" });
  });

  it("HTTP+SSE and auto through the bridge", async () => {
    const bridge = await testBridge();
    const endpoint = { url: bridge.url, token: bridge.token };
    expect(await echoOver({ kind: "bridge-http", url: everything.url, headers: [], transport: "http+sse" }, endpoint)).toEqual({ status: "connected", echo: "Echo: over SSE" });
    expect(await echoOver({ kind: "bridge-http", url: everything.url, headers: [], transport: "auto" }, endpoint)).toEqual({ status: "connected", echo: "Echo: over SSE" });
  });

  it("Streamable HTTP stays the default, and the draft round-trips the choice", () => {
    expect(httpTransport(undefined, "http://127.0.0.1:1/mcp", { headers: {} })).toBeInstanceOf(StreamableHttpTransport);
    expect(httpTransport("auto", "http://127.0.0.1:1/mcp", { headers: {} })).toBeInstanceOf(AutoHttpTransport);
    expect(httpTransport("http+sse", "http://127.0.0.1:1/sse", { headers: {} })).toBeInstanceOf(LegacySseTransport);
    const draft = targetDraftReducer(draftOf({ kind: "url", url: "http://x/sse", headers: [] }), { type: "transport", transport: "http+sse" });
    expect(draftToTarget(draft)).toEqual({ kind: "url", url: "http://x/sse", headers: [], transport: "http+sse" });
    expect(draftToTarget(draftOf({ kind: "bridge-http", url: "http://x/mcp", headers: [] }))).toEqual({ kind: "bridge-http", url: "http://x/mcp", headers: [] });
  });
});
