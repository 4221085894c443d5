import { describe, expect, it } from "vitest";
import { parseMcpConfig, toMcpConfig, type SavedServer } from "./mcpConfig";

const claudeStyle = {
  mcpServers: {
    filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
    github: { command: "docker", args: ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"], env: { GITHUB_PERSONAL_ACCESS_TOKEN: "ghp_x" } },
    remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer abc" } },
    local: { url: "http://127.0.0.1:3939/mcp" },
    here: { command: "node", args: ["server.js"], cwd: "/srv/mcp" },
  },
};

describe("parseMcpConfig", () => {
  it("reads stdio and URL entries", () => {
    const parsed = parseMcpConfig(JSON.stringify(claudeStyle));
    expect(parsed).toEqual({
      ok: true,
      warnings: [],
      servers: [
        { name: "filesystem", target: { kind: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], env: [], cwd: "" } },
        { name: "github", target: { kind: "stdio", command: "docker", args: ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"], env: [{ name: "GITHUB_PERSONAL_ACCESS_TOKEN", value: "ghp_x" }], cwd: "" } },
        { name: "remote", target: { kind: "bridge-http", url: "https://mcp.example.com/mcp", headers: [{ name: "Authorization", value: "Bearer abc" }] } },
        { name: "local", target: { kind: "bridge-http", url: "http://127.0.0.1:3939/mcp", headers: [] } },
        { name: "here", target: { kind: "stdio", command: "node", args: ["server.js"], env: [], cwd: "/srv/mcp" } },
      ],
    });
  });

  it("URL entries become direct targets when asked (no bridge)", () => {
    const parsed = parseMcpConfig(JSON.stringify({ mcpServers: { a: { url: "http://x/mcp" } } }), "url");
    expect(parsed.ok && parsed.servers[0]?.target.kind).toBe("url");
  });

  it("reads VS Code's servers key and warns about fields it ignores", () => {
    const parsed = parseMcpConfig(JSON.stringify({ servers: { a: { command: "node", disabled: false, autoApprove: [] } } }));
    expect(parsed).toMatchObject({ ok: true, warnings: ["mcpServers.a.disabled is not used by this inspector and was ignored", "mcpServers.a.autoApprove is not used by this inspector and was ignored"] });
  });

  it.each([
    ["not json", "not JSON"],
    ["[]", "JSON object with mcpServers"],
    ["{}", 'no "mcpServers" object'],
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
  ])("%s → %s", (text, error) => {
    const parsed = parseMcpConfig(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join("\n")).toContain(error);
  });

  it("reports every problem, and imports nothing when any entry is wrong", () => {
    const parsed = parseMcpConfig(JSON.stringify({ mcpServers: { good: { command: "x" }, bad1: {}, bad2: { url: 3 } } }));
    expect(parsed).toEqual({ ok: false, errors: [expect.stringContaining("bad1"), expect.stringContaining("bad2")] });
  });
});

describe("HTTP+SSE entries", () => {
  it('reads type "sse" as the 2024-11-05 transport and writes it back', () => {
    const parsed = parseMcpConfig(JSON.stringify({ mcpServers: { old: { type: "sse", url: "http://127.0.0.1:3001/sse" } } }), "url");
    expect(parsed).toEqual({ ok: true, warnings: [], servers: [{ name: "old", target: { kind: "url", url: "http://127.0.0.1:3001/sse", headers: [], transport: "http+sse" } }] });
    if (parsed.ok) expect(JSON.parse(toMcpConfig(parsed.servers))).toEqual({ mcpServers: { old: { type: "sse", url: "http://127.0.0.1:3001/sse" } } });
  });
});

describe("toMcpConfig", () => {
  it("round-trips, leaving empty fields out and making names unique", () => {
    const parsed = parseMcpConfig(JSON.stringify(claudeStyle));
    if (!parsed.ok) throw new Error("fixture");
    const again = parseMcpConfig(toMcpConfig(parsed.servers));
    expect(again).toEqual(parsed);
    const twice: SavedServer[] = [parsed.servers[3] as SavedServer, parsed.servers[3] as SavedServer];
    expect(JSON.parse(toMcpConfig(twice))).toEqual({ mcpServers: { local: { url: "http://127.0.0.1:3939/mcp" }, "local (2)": { url: "http://127.0.0.1:3939/mcp" } } });
  });
});
