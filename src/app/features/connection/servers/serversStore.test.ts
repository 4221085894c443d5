import { describe, expect, it } from "vitest";
import { createServersStore, SERVERS_KEY } from "./serversStore";
import { storedForm, type ServerEntry } from "../../../stores/serverEntry";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const http: Omit<ServerEntry, "id"> = {
  name: "staging",
  target: { kind: "url", url: "https://mcp.example.com/mcp?api_key=k&x=1", headers: [{ name: "Authorization", value: "Bearer s3cret" }, { name: "X-Ref", value: "${input:ref}" }] },
  revision: "2025-11-25",
  signIn: { enabled: true, clientId: "app", clientSecret: "cs", tokenEndpointAuthMethod: "", scope: "" },
  remember: false,
};

describe("serversStore", () => {
  it("adds, edits, clones, reorders and removes; every change survives a new store on the same storage", () => {
    const storage = memoryStorage();
    const servers = createServersStore(storage);
    const a = servers.add(http);
    const b = servers.add({ name: "local", target: { kind: "stdio", command: "node", args: ["s.js"], env: [{ name: "PORT", value: "1" }, { name: "API_TOKEN", value: "t" }], cwd: "" }, revision: "auto", remember: false });
    const c = servers.clone(a) as string;
    expect(servers.getState().entries.map((e) => e.name)).toEqual(["staging", "staging (copy)", "local"]);
    servers.update(c, { name: "local" });
    expect(servers.get(c)?.name).toBe("local (2)");
    servers.move(b, -2);
    servers.markUsed(b);
    servers.remove(a);
    const again = createServersStore(storage);
    expect(again.getState().entries.map((e) => e.name)).toEqual(["local", "local (2)"]);
    expect(again.getState().lastUsed).toBe(b);
    // In memory the values typed stay; written down, the secrets are blank.
    expect(servers.get(b)?.target).toMatchObject({ env: [{ name: "PORT", value: "1" }, { name: "API_TOKEN", value: "t" }] });
    expect(again.get(b)?.target).toMatchObject({ env: [{ name: "PORT", value: "1" }, { name: "API_TOKEN", value: "" }] });
  });

  it("writes no header value, secret URL parameter or client secret unless the entry remembers them; placeholders stay", () => {
    const storage = memoryStorage();
    const servers = createServersStore(storage);
    const id = servers.add(http);
    const text = storage.map.get(SERVERS_KEY) ?? "";
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain('"cs"');
    expect(text).not.toContain("api_key=k");
    expect(createServersStore(storage).get(id)?.target).toMatchObject({ headers: [{ name: "Authorization", value: "" }, { name: "X-Ref", value: "${input:ref}" }] });
    servers.update(id, { remember: true });
    expect(storage.map.get(SERVERS_KEY)).toContain("s3cret");
    expect(createServersStore(storage).get(id)?.signIn?.clientSecret).toBe("cs");
  });

  it("drops what it cannot read instead of trusting it", () => {
    const storage = memoryStorage();
    storage.setItem(SERVERS_KEY, JSON.stringify({ version: 1, lastUsed: "gone", servers: [{ id: "1", name: "ok", target: { kind: "embedded" } }, { id: "2", name: "bad", target: { kind: "url" } }, "x"] }));
    const servers = createServersStore(storage);
    expect(servers.getState().entries).toEqual([{ id: "1", name: "ok", target: { kind: "embedded" }, revision: "auto", remember: false }]);
    expect(servers.getState().lastUsed).toBeUndefined();
    storage.setItem(SERVERS_KEY, "{not json");
    expect(createServersStore(storage).getState().entries).toEqual([]);
  });

  it("merging the servers file keeps the values typed in this page", () => {
    const servers = createServersStore();
    const id = servers.add(http);
    const entry = servers.get(id) as ServerEntry;
    servers.merge({ entries: [storedForm(entry), { ...storedForm(entry), id: "other", name: "from file" }], lastUsed: "other" });
    expect(servers.get(id)?.target).toMatchObject({ headers: [{ name: "Authorization", value: "Bearer s3cret" }, { name: "X-Ref", value: "${input:ref}" }] });
    expect(servers.getState().entries.map((e) => e.name)).toEqual(["staging", "from file"]);
    expect(servers.getState().lastUsed).toBe("other");
  });

  it("merging a servers file that says what this page says changes nothing and writes nothing back", () => {
    const storage = memoryStorage();
    const servers = createServersStore(storage);
    const id = servers.add(http);
    servers.markUsed(id);
    const before = servers.getState();
    const written: unknown[] = [];
    servers.onSave((file) => written.push(file));
    servers.merge({ entries: [storedForm(servers.get(id) as ServerEntry)], lastUsed: id });
    expect(written).toEqual([]);
    expect(servers.getState()).toBe(before);
    // One that differs (a lastUsed this page has not got) is taken and written back.
    const other = createServersStore();
    const wrote: unknown[] = [];
    other.onSave((file) => wrote.push(file));
    other.merge({ entries: [storedForm(servers.get(id) as ServerEntry)], lastUsed: id });
    expect(other.getState().lastUsed).toBe(id);
    expect(wrote).toHaveLength(1);
  });
});
