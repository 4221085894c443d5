import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serversFilePath } from "./serversFile";
import { closeBridges, raw, testBridge, TEST_TOKEN } from "../../test/support/bridge";

const dirs: string[] = [];
afterEach(async () => {
  await closeBridges();
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function bridgeWithFile() {
  const dir = await mkdtemp(join(tmpdir(), "presa-servers-"));
  dirs.push(dir);
  const file = join(dir, "presa-inspector", "servers.json");
  const bridge = await testBridge({ serversFile: file });
  const host = `127.0.0.1:${bridge.port}`;
  const ok = { Host: host, Origin: "http://127.0.0.1:5173", Authorization: `Bearer ${TEST_TOKEN}` };
  return { bridge, file, host, ok };
}

const list = { version: 1, lastUsed: "a", servers: [{ id: "a", name: "local", target: { kind: "url", url: "http://127.0.0.1:3939/mcp", headers: [] }, revision: "auto", remember: false }] };

describe("the bridge's servers file", () => {
  it("is beside the user's other configs: XDG_CONFIG_HOME, else ~/.config", () => {
    expect(serversFilePath({ XDG_CONFIG_HOME: "/x/cfg" }, "/home/me")).toBe("/x/cfg/presa-inspector/servers.json");
    expect(serversFilePath({ HOME: "/home/me" }, "/ignored")).toBe("/home/me/.config/presa-inspector/servers.json");
  });

  it("GET is an empty list before anything is saved; PUT writes it (mode 0600) and GET reads it back; /info says where", async () => {
    const { bridge, file, ok } = await bridgeWithFile();
    expect(JSON.parse((await raw(bridge, "GET", "/servers", ok)).body)).toEqual({ version: 1, servers: [] });
    expect((await raw(bridge, "PUT", "/servers", { ...ok, "Content-Type": "application/json" }, JSON.stringify(list))).status).toBe(204);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(list);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse((await raw(bridge, "GET", "/servers", ok)).body)).toEqual(list);
    expect(JSON.parse((await raw(bridge, "GET", "/info", ok)).body).serversFile).toBe(file);
  });

  it("keeps the bridge's checks: no token 401, a foreign page 403, a foreign Host 403; a malformed list 400; nothing written", async () => {
    const { bridge, file, ok, host } = await bridgeWithFile();
    const body = JSON.stringify(list);
    expect((await raw(bridge, "PUT", "/servers", { Host: host, Origin: ok.Origin }, body)).status).toBe(401);
    expect((await raw(bridge, "GET", "/servers", { Host: host, Origin: ok.Origin, Authorization: "Bearer wrong" })).status).toBe(401);
    expect((await raw(bridge, "PUT", "/servers", { ...ok, Origin: "https://evil.example" }, body)).status).toBe(403);
    expect((await raw(bridge, "GET", "/servers", { ...ok, Host: "evil.example" })).status).toBe(403);
    const bad = await raw(bridge, "PUT", "/servers", ok, JSON.stringify({ version: 1, servers: [{ name: 1 }] }));
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("servers[0] needs a string id");
    expect((await raw(bridge, "PUT", "/servers", ok, "{not json")).status).toBe(400);
    await expect(stat(file)).rejects.toThrow();
  });
});
