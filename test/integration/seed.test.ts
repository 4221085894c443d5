import { afterEach, describe, expect, it } from "vitest";
import { connect, text, type Client, inProcessPair } from "../../src/core";
import { serveTransport } from "../../src/server";
import { answers, seedServer } from "../support/seed";

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function inProcess(options: Parameters<typeof connect>[1]) {
  const srv = seedServer();
  const pair = inProcessPair();
  serveTransport(srv, pair.server);
  const c = await connect(pair.client, options);
  open.push(c);
  return c;
}

describe("the seed's examples, in process", () => {
  it("greets and asks twice on 2026-07-28", async () => {
    const c = await inProcess({ handlers: answers });
    expect(c.revision).toBe("2026-07-28");
    expect(c.era).toBe("modern");
    expect(text(await c.callTool("greet"))).toBe("Hello, Ada!");
    expect(text(await c.callTool("two-steps"))).toBe("Ada likes blue");
  });

  it("greets and asks twice on 2025-11-25", async () => {
    const old = await inProcess({ versions: ["2025-11-25"], handlers: answers });
    expect(old.revision).toBe("2025-11-25");
    expect(old.era).toBe("legacy");
    expect(text(await old.callTool("greet"))).toBe("Hello, Ada!");
    expect(text(await old.callTool("two-steps"))).toBe("Ada likes blue");
  });
});
