import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, text, StreamableHttpTransport } from "../../src/core";
import { startHttpServer, type RunningHttpServer } from "../../src/server/http/handler";
import { answers, seedServer } from "../support/seed";

let running: RunningHttpServer;
beforeAll(async () => {
  running = await startHttpServer(seedServer());
});
afterAll(async () => {
  await running.close();
});

describe("the seed's examples over Streamable HTTP on 127.0.0.1", () => {
  it("greets and asks twice on 2026-07-28", async () => {
    const c = await connect(new StreamableHttpTransport(running.url), { handlers: answers });
    try {
      expect(c.revision).toBe("2026-07-28");
      expect(text(await c.callTool("greet"))).toBe("Hello, Ada!");
      expect(text(await c.callTool("two-steps"))).toBe("Ada likes blue");
    } finally {
      await c.close();
    }
  });

  it("greets and asks twice on 2025-11-25", async () => {
    const old = await connect(new StreamableHttpTransport(running.url), { versions: ["2025-11-25"], handlers: answers });
    try {
      expect(old.revision).toBe("2025-11-25");
      expect(text(await old.callTool("greet"))).toBe("Hello, Ada!");
      expect(text(await old.callTool("two-steps"))).toBe("Ada likes blue");
    } finally {
      await old.close();
    }
  });
});
