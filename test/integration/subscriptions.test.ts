// subscriptions/listen from the client (SEP-2575 "Subscriptions"): acknowledged first, then the
// list changes it asked for, tagged with its id; closing it ends the server's side too.
import { afterEach, describe, expect, it } from "vitest";
import { closePairs, flush, openPair, TRANSPORTS } from "../support/harness";
import { text } from "../../src/core";

afterEach(closePairs);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) {
    await flush();
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(TRANSPORTS)("client.listen over %s", (transport) => {
  it("is acknowledged with the honoured filter, then hears a tools list change", async () => {
    const p = await openPair({ transport });
    const heard: string[] = [];
    const handle = p.client.listen({ toolsListChanged: true }, { onNotification: (method) => heard.push(method) });
    expect(await handle.acknowledged).toEqual({ toolsListChanged: true });
    expect(text(await p.client.callTool("toggle-extra-tool"))).toBe("extra-tool added");
    await until(() => heard.length >= 2);
    expect(heard).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
    expect((await p.client.listTools()).map((t) => t.name)).toContain("extra-tool");
    handle.close();
    await handle.ended;
    await p.client.callTool("toggle-extra-tool");
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveLength(2);
  });

  it("leaves out what it did not ask for", async () => {
    const p = await openPair({ transport });
    const heard: string[] = [];
    const handle = p.client.listen({ promptsListChanged: true }, { onNotification: (method) => heard.push(method) });
    expect(await handle.acknowledged).toEqual({ promptsListChanged: true });
    await p.client.callTool("toggle-extra-tool");
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(["notifications/subscriptions/acknowledged"]);
    handle.close();
  });
});

describe("client.listen on an initialize-era session", () => {
  it("is refused locally: those servers send list_changed unasked", async () => {
    const p = await openPair({ transport: "in-process", versions: ["2025-11-25"] });
    expect(() => p.client.listen({ toolsListChanged: true })).toThrow(/only on 2026-07-28/);
  });
});
