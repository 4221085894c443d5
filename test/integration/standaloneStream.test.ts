// The initialize-era client listens on the standalone GET stream (spec 2025-03-26 on, "Listening for
// Messages from the Server"): what a server sends tied to no request (SDK servers send
// elicitation/create and roots/list that way; list_changed always goes there) reaches the client.
import { afterEach, describe, expect, it } from "vitest";
import { ChangeFeed, server } from "../../src/server";
import { closePairs, flush, openPair } from "../support/harness";

afterEach(closePairs);

describe("the standalone GET stream (initialize era over HTTP)", () => {
  it("is opened after initialize, and a list_changed sent on it arrives as a notification", async () => {
    const changes = new ChangeFeed();
    const srv = server({
      name: "changing",
      version: "1",
      listChanged: true,
      changes,
      tools: [{ name: "add-tool", handler: () => (changes.publish({ kind: "tools" }), "added") }],
    });
    const p = await openPair({ transport: "http", server: srv, versions: ["2025-11-25"] });
    expect(p.http?.exchanges.some((x) => x.method === "GET" && x.headers.accept === "text/event-stream")).toBe(true);
    await p.client.callTool("add-tool");
    for (let i = 0; i < 20 && p.ofType("notification").length === 0; i++) await flush();
    expect(p.ofType("notification").map((n) => [n.method, n.callId])).toEqual([["notifications/tools/list_changed", undefined]]);
  });
});
