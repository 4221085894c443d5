import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseClientConfig, withInputs, type NewEntry } from "./configImport";
import { readEntry, storedForm } from "../../../../stores/serverEntry";
import { exportClientConfig } from "./configExport";

const fixture = (name: string): string => readFileSync(new URL(`../../../../../../test/fixtures/clientConfigs/${name}`, import.meta.url), "utf8");

const claudeStyle = {
  mcpServers: {
    filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
    github: { command: "docker", args: ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"], env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_x" } },
    remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer abc" } },
    local: { url: "http://127.0.0.1:3939/mcp" },
    here: { command: "node", args: ["server.js"], cwd: "/srv/mcp" },
  },
};

function parsed(text: string, hasBridge = true): NewEntry[] {
  const result = parseClientConfig(text, { hasBridge });
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.entries;
}

describe("parseClientConfig: mcpServers (Claude Desktop, Cursor)", () => {
  it("reads stdio and URL entries", () => {
    const result = parseClientConfig(JSON.stringify(claudeStyle), { hasBridge: true });
    expect(result).toEqual({
      ok: true,
      format: "mcpServers",
      entries: [
        { name: "filesystem", revision: "auto", remember: false, target: { kind: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], env: [], cwd: "" } },
        {
          name: "github",
          revision: "auto",
          remember: false,
          target: { kind: "stdio", command: "docker", args: ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"], env: [{ name: "GITHUB_PERSONAL_ACCESS_TOKEN", value: "ghp_x" }], cwd: "" },
        },
        { name: "remote", revision: "auto", remember: false, target: { kind: "bridge-http", url: "https://mcp.example.com/mcp", headers: [{ name: "Authorization", value: "Bearer abc" }] } },
        { name: "local", revision: "auto", remember: false, target: { kind: "bridge-http", url: "http://127.0.0.1:3939/mcp", headers: [] } },
        { name: "here", revision: "auto", remember: false, target: { kind: "stdio", command: "node", args: ["server.js"], env: [], cwd: "/srv/mcp" } },
      ],
    });
  });

  it("URL entries become direct targets without a bridge, and stdio entries say they need one", () => {
    const entries = parsed(JSON.stringify({ mcpServers: { a: { url: "http://x/mcp" }, b: { command: "node" } } }), false);
    expect(entries[0]?.target.kind).toBe("url");
    expect(entries[1]?.notes).toEqual(["stdio needs the bridge: start `npm start` (or `npm run bridge`) to run it"]);
  });

  it.each([
    ["not json", "not JSON"],
    ["[]", "must hold a JSON object"],
    ["{}", 'no "mcpServers" or "servers" object'],
    [JSON.stringify({ mcpServers: {} }), "mcpServers is empty"],
    [JSON.stringify({ mcpServers: { a: "node" } }), "mcpServers.a must be an object"],
    [JSON.stringify({ mcpServers: { a: {} } }), "mcpServers.a needs either command (a stdio server) or url (an HTTP server)"],
    [JSON.stringify({ mcpServers: { a: { command: "x", url: "http://y" } } }), "mcpServers.a has both command and url"],
    [JSON.stringify({ mcpServers: { a: { command: "" } } }), "mcpServers.a.command must be a non-empty string"],
    [JSON.stringify({ mcpServers: { a: { command: "x", args: "-y pkg" } } }), "mcpServers.a.args must be an array of strings"],
    [JSON.stringify({ mcpServers: { a: { command: "x", args: [1] } } }), "mcpServers.a.args must be an array of strings"],
    [JSON.stringify({ mcpServers: { a: { command: "x", env: { PORT: 3000 } } } }), "mcpServers.a.env.PORT must be a string, not number"],
    [JSON.stringify({ mcpServers: { a: { command: "x", env: ["A=1"] } } }), "mcpServers.a.env must be an object of strings"],
    [JSON.stringify({ mcpServers: { a: { command: "x", cwd: 1 } } }), "mcpServers.a.cwd must be a string"],
    [JSON.stringify({ mcpServers: { a: { url: "ftp://x" } } }), "mcpServers.a.url must be an http or https URL"],
    [JSON.stringify({ mcpServers: { a: { url: "not a url" } } }), "mcpServers.a.url must be an http or https URL"],
    [JSON.stringify({ mcpServers: { a: { url: "http://x", headers: { A: true } } } }), "mcpServers.a.headers.A must be a string, not boolean"],
    [JSON.stringify({ mcpServers: { a: { type: "sse", command: "x" } } }), 'mcpServers.a.type is "sse", but the entry has a command'],
    [JSON.stringify({ mcpServers: { a: { type: "http", command: "x" } } }), 'mcpServers.a.type is "http", but the entry has a command'],
    [JSON.stringify({ servers: { a: { type: "ws", url: "http://x" } } }), 'servers.a.type is "ws"'],
    [JSON.stringify({ remotes: [{ type: "ws", url: "http://x" }] }), 'remotes[0].type is "ws"'],
    [JSON.stringify({ packages: [{ registryType: "npm" }] }), "packages[0].identifier must be a string"],
  ])("%s → %s", (text, error) => {
    const result = parseClientConfig(text, { hasBridge: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join("\n")).toContain(error);
  });

  it("reports every problem, and imports nothing when any entry is wrong", () => {
    const result = parseClientConfig(JSON.stringify({ mcpServers: { good: { command: "x" }, bad1: {}, bad2: { url: 3 } } }), { hasBridge: true });
    expect(result).toEqual({ ok: false, errors: [expect.stringContaining("bad1"), expect.stringContaining("bad2")] });
  });

  it('reads type "sse" as the 2024-11-05 transport and writes it back', () => {
    const entries = parsed(JSON.stringify({ mcpServers: { old: { type: "sse", url: "http://127.0.0.1:3001/sse" } } }), false);
    expect(entries).toEqual([{ name: "old", revision: "auto", remember: false, target: { kind: "url", url: "http://127.0.0.1:3001/sse", headers: [], transport: "http+sse" } }]);
    expect(JSON.parse(exportClientConfig(entries, "mcpServers").text)).toEqual({ mcpServers: { old: { type: "sse", url: "http://127.0.0.1:3001/sse" } } });
  });

  it("round-trips, leaving empty fields out and making names unique", () => {
    const entries = parsed(JSON.stringify(claudeStyle));
    expect(parsed(exportClientConfig(entries, "mcpServers").text)).toEqual(entries);
    const twice = [entries[3] as NewEntry, entries[3] as NewEntry];
    expect(JSON.parse(exportClientConfig(twice, "mcpServers").text)).toEqual({ mcpServers: { local: { url: "http://127.0.0.1:3939/mcp" }, "local (2)": { url: "http://127.0.0.1:3939/mcp" } } });
  });

  it("Claude Desktop's file: entries imported, exported back the same", () => {
    const text = fixture("claude_desktop_config.json");
    const entries = parsed(text);
    expect(entries.map((e) => e.name)).toEqual(["filesystem", "github"]);
    // globalShortcut is the file's own setting, not a server's: it comes back too.
    expect(JSON.parse(exportClientConfig(entries, "mcpServers").text)).toEqual(JSON.parse(text));
  });

  it("Cursor's file: `${env:…}` is said not to be expanded; headers and env come back", () => {
    const text = fixture("cursor-mcp.json");
    const entries = parsed(text);
    expect(entries[0]?.notes).toEqual(["`${env:API_KEY}` is not expanded by this inspector: edit the entry to put in the value"]);
    expect(JSON.parse(exportClientConfig(entries, "mcpServers").text)).toEqual(JSON.parse(text));
  });
});

describe("parseClientConfig: VS Code mcp.json", () => {
  const text = fixture("vscode-mcp.json");

  it("reads servers and inputs, keeps unknown fields, says what is asked at connect and what is not used", () => {
    const result = parseClientConfig(text, { hasBridge: false });
    expect(result.ok && result.format).toBe("vscode");
    const [perplexity, github, legacy] = parsed(text, false);
    expect(perplexity?.inputs).toEqual([{ id: "perplexity-key", description: "Perplexity API Key", password: true }]);
    expect(perplexity?.extra).toEqual({ envFile: "${workspaceFolder}/.env" });
    expect(perplexity?.notes).toEqual([
      "stdio needs the bridge: start `npm start` (or `npm run bridge`) to run it",
      "`${input:perplexity-key}` will be asked at connect",
      "envFile is not read by this inspector: add the variables it holds under Env",
    ]);
    expect(github?.target).toEqual({ kind: "url", url: "https://api.githubcopilot.com/mcp/", headers: [{ name: "Authorization", value: "Bearer ${input:perplexity-key}" }] });
    expect(github?.notes).toEqual(["`${input:perplexity-key}` will be asked at connect", "dev is not used by this inspector; it is kept for export"]);
    expect(legacy?.target).toMatchObject({ transport: "http+sse" });
  });

  it("exports back to the same file", () => {
    expect(JSON.parse(exportClientConfig(parsed(text), "vscode").text)).toEqual(JSON.parse(text));
  });

  it("the values asked at connect replace the placeholders", () => {
    const github = parsed(text)[1] as NewEntry;
    expect(withInputs(github, { "perplexity-key": "k1" }).target).toMatchObject({ headers: [{ name: "Authorization", value: "Bearer k1" }] });
  });
});

describe("parseClientConfig: registry server.json", () => {
  const text = fixture("server.json");

  it("one entry per remote and per package, with what each still needs", () => {
    const entries = parsed(text);
    expect(entries.map((e) => e.name)).toEqual(["Weather (HTTP 1)", "Weather (SSE 2)", "Weather (npm)"]);
    expect(entries[0]?.target).toEqual({ kind: "bridge-http", url: "https://mcp.example.com/mcp", headers: [{ name: "X-API-Key", value: "" }] });
    expect(entries[0]?.notes).toEqual(["the header X-API-Key needs a value (Your weather API key)"]);
    expect(entries[1]?.target).toMatchObject({ url: "https://mcp.example.com/sse", transport: "http+sse" });
    expect(entries[2]?.target).toEqual({ kind: "stdio", command: "npx", args: ["-y", "@example/weather-mcp@1.2.0", "--units", "metric"], env: [{ name: "WEATHER_API_KEY", value: "" }], cwd: "" });
    expect(entries[2]?.notes).toEqual(["WEATHER_API_KEY needs a value (Your weather API key)"]);
  });

  it("exports back to the same document, its unknown fields (_meta, repository) kept", () => {
    expect(JSON.parse(exportClientConfig(parsed(text), "server.json").text)).toEqual(JSON.parse(text));
  });

  it("a stdio command typed by hand and the embedded server are not registry entries, and say so", () => {
    const out = exportClientConfig(
      [
        { name: "mine", target: { kind: "stdio", command: "node", args: [], env: [], cwd: "" }, revision: "auto", remember: false },
        { name: "demo", target: { kind: "embedded" }, revision: "auto", remember: false },
      ],
      "server.json",
    );
    expect(out.skipped).toEqual(["mine: a stdio command typed by hand is not a registry package", "demo: the embedded server is not a registry server"]);
  });
});

describe("a file's unknown top-level fields", () => {
  const vscodeFile = { $schema: "https://example.com/mcp.schema.json", "chat.mcp.discovery": { enabled: true }, inputs: [], servers: { local: { type: "http", url: "http://127.0.0.1:3939/mcp" } } };
  const claudeFile = { mcpServers: { fs: { command: "npx", args: ["fs"] } }, globalShortcut: "Ctrl+Space", preferences: { theme: "dark" } };

  it("are kept on export in the same format, beside the servers, and are not taken for an entry's fields", () => {
    const entries = parsed(JSON.stringify(vscodeFile));
    expect(entries[0]?.notes ?? []).toEqual([]);
    const out = JSON.parse(exportClientConfig(entries, "vscode").text) as Record<string, unknown>;
    expect(out).toEqual({ $schema: vscodeFile.$schema, "chat.mcp.discovery": { enabled: true }, servers: vscodeFile.servers });
    expect(JSON.stringify(out.servers)).not.toContain("presa:");
  });

  it("survive the saved list (the stored form read back) and come back from two files, the first one's value winning", () => {
    const stored = parsed(JSON.stringify(claudeFile)).map((e, i) => readEntry(storedForm({ ...e, id: String(i) })));
    const other = parsed(JSON.stringify({ mcpServers: { web: { url: "https://mcp.example.com/mcp" } }, globalShortcut: "Alt+Space", extraSetting: 1 }));
    const out = JSON.parse(exportClientConfig([...stored.filter((e) => e !== undefined), ...other], "mcpServers").text) as Record<string, unknown>;
    expect(out).toEqual({ globalShortcut: "Ctrl+Space", preferences: { theme: "dark" }, extraSetting: 1, mcpServers: { fs: claudeFile.mcpServers.fs, web: { url: "https://mcp.example.com/mcp" } } });
  });

  it("stay with their format: a VS Code file's fields are not written into an mcpServers file", () => {
    const out = JSON.parse(exportClientConfig(parsed(JSON.stringify(vscodeFile)), "mcpServers").text) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["mcpServers"]);
  });
});
