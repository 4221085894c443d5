// The era probe remembered per server URL, through the controller over real HTTP: a server that
// speaks only the initialize era gets the server/discover probe once, and never again on "auto".
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../../src/server/demo";
import { createHttpHandler } from "../../src/server/http/handler";
import { createController } from "../../src/app/session/controller";
import { createEraMemory, ERA_KEY } from "../../src/app/session/eraMemory";

let url: string;
const methods: string[] = [];
const http = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    try {
      const m = (JSON.parse(body) as { method?: string }).method;
      if (m) methods.push(m);
    } catch {
      // a GET or an empty body
    }
  });
  void handler(req, res);
});
const handler = createHttpHandler(demoServer({ stateSecret: "era", versions: ["2025-11-25", "2025-06-18"] }));

beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((r) => http.close(() => r())));

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe("the era probe, remembered per server URL", () => {
  it("probes a new server once; on the next connect (even in a new page) it offers the initialize era only", async () => {
    const storage = memoryStorage();
    const connect = async () => {
      const controller = createController({ embeddedServer: demoServer(), eras: createEraMemory(storage) });
      methods.length = 0;
      await controller.connect({ target: { kind: "url", url, headers: [] }, revision: "auto" });
      const state = controller.session.connection.getState();
      await controller.disconnect("test over");
      return { status: state.status, era: state.era, probed: methods.includes("server/discover"), initialized: methods.includes("initialize") };
    };
    expect(await connect()).toEqual({ status: "connected", era: "legacy", probed: true, initialized: true });
    expect(JSON.parse(storage.getItem(ERA_KEY) ?? "{}")).toEqual({ [url]: "legacy" });
    expect(await connect()).toEqual({ status: "connected", era: "legacy", probed: false, initialized: true });
  });

  it("a revision picked by hand is offered as picked; a 2026-era answer forgets the URL", () => {
    const eras = createEraMemory();
    const settings = { target: { kind: "url" as const, url: "http://x/mcp", headers: [] }, revision: "auto" as const };
    eras.connected({ ...settings } as never, "legacy");
    expect(eras.offered(settings as never)).toEqual(["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]);
    expect(eras.offered({ ...settings, revision: "2026-07-28" } as never)).toEqual(["2026-07-28"]);
    eras.connected({ ...settings, revision: "2026-07-28" } as never, "modern");
    expect(eras.isLegacy("http://x/mcp")).toBe(false);
  });
});
