import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../demo";
import { startHttpServer } from "./handler";

let running: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  running = await startHttpServer(demoServer(), { port: 0 });
});
afterAll(() => running.close());

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
const post = (path: string) =>
  fetch(new URL(path, running.url), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(initialize),
  });

describe("the HTTP endpoint's path", () => {
  it("answers on its path, with or without a query string", async () => {
    const endpoint = new URL(running.url).pathname;
    for (const path of [endpoint, `${endpoint}?debug=1`]) {
      const response = await post(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('"protocolVersion":"2025-11-25"');
    }
  });

  it("answers 404 anywhere else, prefixes and trailing slashes included", async () => {
    const endpoint = new URL(running.url).pathname;
    for (const path of ["/", `${endpoint}/`, `${endpoint}x`, `/other${endpoint}`]) {
      const response = await post(path);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });
});
