import { describe, expect, it } from "vitest";
import type { SavedServer } from "./mcpConfig";
import { loadRecent, looksSecret, remember, RECENT_KEY, saveRecent, withoutSecrets } from "./recent";

const http: SavedServer = {
  name: "remote",
  target: {
    kind: "bridge-http",
    url: "https://mcp.example.com/mcp?api_key=abc&region=eu",
    headers: [
      { name: "Authorization", value: "Bearer secret" },
      { name: "X-Api-Key", value: "k" },
      { name: "X-Region", value: "eu" },
    ],
  },
};
const stdio: SavedServer = {
  name: "gh",
  target: { kind: "stdio", command: "docker", args: ["run"], env: [{ name: "GITHUB_PERSONAL_ACCESS_TOKEN", value: "ghp" }, { name: "LOG_LEVEL", value: "debug" }], cwd: "" },
};

describe("recent connections", () => {
  it.each([
    ["Authorization", true],
    ["proxy-authorization", true],
    ["Cookie", true],
    ["OPENAI_API_KEY", true],
    ["GITHUB_PERSONAL_ACCESS_TOKEN", true],
    ["DB_PASSWORD", true],
    ["client_secret", true],
    ["KEY", true],
    ["X-Region", false],
    ["LOG_LEVEL", false],
    ["PATH", false],
    ["MONKEY", false],
  ])("%s looks secret: %s", (name, secret) => {
    expect(looksSecret(name)).toBe(secret);
  });

  it("never keeps secret values: headers, env and URL parameters are blanked, names kept", () => {
    expect(withoutSecrets(http).target).toEqual({
      kind: "bridge-http",
      url: "https://mcp.example.com/mcp?api_key=&region=eu",
      headers: [
        { name: "Authorization", value: "" },
        { name: "X-Api-Key", value: "" },
        { name: "X-Region", value: "eu" },
      ],
    });
    expect(withoutSecrets(stdio).target).toMatchObject({ env: [{ name: "GITHUB_PERSONAL_ACCESS_TOKEN", value: "" }, { name: "LOG_LEVEL", value: "debug" }] });
  });

  it("puts the newest first, without duplicates, up to the cap", () => {
    let list = remember([], http);
    list = remember(list, stdio);
    list = remember(list, http);
    expect(list.map((s) => s.name)).toEqual(["remote", "gh"]);
    for (let i = 0; i < 20; i++) list = remember(list, { name: `s${i}`, target: { kind: "url", url: `http://127.0.0.1:${3000 + i}/mcp`, headers: [] } });
    expect(list).toHaveLength(10);
    expect(list[0]?.name).toBe("s19");
  });

  it("stores and loads through localStorage, with nothing secret in the stored text", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveRecent(storage, [http, stdio]);
    const stored = store.get(RECENT_KEY) ?? "";
    expect(stored).not.toContain("secret");
    expect(stored).not.toContain("ghp");
    expect(stored).not.toContain("abc");
    expect(loadRecent(storage).map((s) => s.name)).toEqual(["remote", "gh"]);
    store.set(RECENT_KEY, "{broken");
    expect(loadRecent(storage)).toEqual([]);
    store.set(RECENT_KEY, JSON.stringify([{ name: "x", target: { kind: "embedded" } }, { name: "y", target: http.target }]));
    expect(loadRecent(storage).map((s) => s.name)).toEqual(["y"]);
  });
});
