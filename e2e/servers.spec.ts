import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "./support/test";
import { openApp } from "./support/app";
import { APP_PORT, BRIDGE_TOKEN, BRIDGE_URL, DEMO_URL } from "./support/ports";

// Saved servers: a list that survives reloads, connects in one click, and reads and writes the
// client configs people already have (fixtures written from each tool's documentation).
const FIXTURES = join(process.cwd(), "test/fixtures/clientConfigs");

async function openSaved(page: Page) {
  const panel = page.getByRole("region", { name: "Saved connections" });
  if (!(await panel.isVisible())) await page.getByRole("button", { name: /^Saved \(\d+\)$/ }).click();
  await expect(panel).toBeVisible();
  return panel;
}

test("a saved server survives a reload, connects in one click, and the page reopens on it after asking", async ({ page }) => {
  await openApp(page);
  const panel = await openSaved(page);
  await panel.getByRole("button", { name: "Save current connection…" }).click();
  const form = panel.getByRole("form", { name: "Saved server" });
  await form.getByLabel("Kind").selectOption("url");
  await form.getByLabel("URL", { exact: true }).fill(DEMO_URL);
  await form.getByLabel("Server name").fill("demo over HTTP");
  await form.getByLabel("Saved revision").selectOption("2025-11-25");
  await form.getByRole("button", { name: "Add header" }).click();
  await form.getByLabel("Header name 1").fill("X-Api-Key");
  await form.getByLabel("Header value 1").fill("not-for-storage");
  await form.getByRole("button", { name: "Save server" }).click();
  await expect(panel.getByRole("button", { name: "Connect to demo over HTTP" })).toBeVisible();
  // Written down without the header's value (the entry does not remember secrets).
  const stored = await page.evaluate(() => localStorage.getItem("presa.servers.v1") ?? "");
  expect(stored).toContain("X-Api-Key");
  expect(stored).not.toContain("not-for-storage");

  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  const again = await openSaved(page);
  await again.getByRole("button", { name: "Connect to demo over HTTP" }).click();
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2025-11-25");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.getByRole("region", { name: "Saved connections" })).toHaveCount(0);

  // Reopened on the last server used: a server outside the page waits for the user's click.
  await page.reload();
  const prompt = page.getByRole("dialog", { name: "Reconnect to the last server" });
  await expect(prompt).toContainText(DEMO_URL);
  await expect(page.getByTestId("connection-status")).toHaveText("idle");
  await prompt.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2025-11-25");
});

test("edit, clone, reorder and remove", async ({ page }) => {
  await openApp(page);
  const panel = await openSaved(page);
  await panel.getByRole("button", { name: "Save current connection…" }).click();
  await panel.getByLabel("Server name").fill("first");
  await panel.getByRole("button", { name: "Save server" }).click();
  await panel.getByRole("button", { name: "Clone first" }).click();
  await panel.getByRole("button", { name: "Edit first (copy)" }).click();
  await panel.getByLabel("Server name").fill("second");
  await panel.getByLabel("Kind").selectOption("hostile");
  await panel.getByRole("button", { name: "Save server" }).click();
  const names = panel.getByRole("region", { name: "Saved servers" }).locator(".saved-list > li > button.link:first-child");
  await expect(names).toHaveText(["first", "second"]);
  await panel.getByRole("button", { name: "Move second up" }).click();
  await expect(names).toHaveText(["second", "first"]);
  await page.reload();
  const after = await openSaved(page);
  await expect(names).toHaveText(["second", "first"]);
  await after.getByRole("button", { name: "Connect to second" }).click();
  await expect(page.getByLabel("Embedded server")).toHaveValue("hostile");
  await openSaved(page);
  await after.getByRole("button", { name: "Remove first" }).click();
  await expect(names).toHaveText(["second"]);
});

for (const [file, format, expected] of [
  ["claude_desktop_config.json", "mcpServers", ["filesystem", "github"]],
  ["cursor-mcp.json", "mcpServers", ["server-name", "remote-server"]],
  ["vscode-mcp.json", "vscode", ["Perplexity", "github", "legacy"]],
  ["server.json", "server.json", ["Weather (HTTP 1)", "Weather (SSE 2)", "Weather (npm)"]],
] as const) {
  test(`imports ${file} and exports it back`, async ({ page }) => {
    await openApp(page);
    const panel = await openSaved(page);
    await panel.getByLabel("Import mcp.json file").setInputFiles(join(FIXTURES, file));
    await expect(panel.getByLabel("Import notes")).toContainText(`imported ${expected.length} server(s)`);
    const names = panel.getByRole("region", { name: "Saved servers" }).locator(".saved-list > li > button.link:first-child");
    await expect(names).toHaveText([...expected]);
    await panel.getByLabel("Export format").selectOption(format);
    const download = page.waitForEvent("download");
    await panel.getByRole("button", { name: "Export", exact: true }).click();
    const text = readFileSync(await (await download).path(), "utf8");
    const original = JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as Record<string, unknown>;
    // Claude Desktop's file holds app settings beside the servers (globalShortcut): they come back too.
    expect(JSON.parse(text)).toEqual(original);
  });
}

test("what an imported entry cannot use is said per entry, and `${input:…}` is asked at connect", async ({ page }) => {
  await openApp(page);
  const panel = await openSaved(page);
  await panel.getByLabel("Import mcp.json file").setInputFiles(join(FIXTURES, "vscode-mcp.json"));
  await expect(panel.getByLabel("Notes on Perplexity")).toContainText("stdio needs the bridge");
  await expect(panel.getByLabel("Notes on Perplexity")).toContainText("`${input:perplexity-key}` will be asked at connect");
  await expect(panel.getByLabel("Notes on github")).toContainText("dev is not used by this inspector; it is kept for export");
  await panel.getByRole("button", { name: "Connect to github" }).click();
  const ask = panel.getByRole("form", { name: "Values for github" });
  await expect(ask.getByLabel("Perplexity API Key")).toHaveAttribute("type", "password");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
});

test("with the bridge, the list is also kept in the servers file the command line reads", async ({ page }) => {
  // The e2e bridge keeps its file under a temporary XDG_CONFIG_HOME (playwright.config.ts).
  const file = join(tmpdir(), `presa-e2e-config-${APP_PORT}`, "presa-inspector", "servers.json");
  if (existsSync(file)) rmSync(file);
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("stdio");
  await page.getByLabel("Bridge URL").fill(BRIDGE_URL);
  await page.getByLabel("Bridge token").fill(BRIDGE_TOKEN);
  await page.getByRole("button", { name: "Use bridge" }).click();
  await expect(page.getByTestId("bridge-status")).toHaveText("Bridge: ready");
  const panel = await openSaved(page);
  await expect(panel).toContainText(`Also kept in ${file}`);
  await panel.getByRole("button", { name: "Save current connection…" }).click();
  await panel.getByLabel("Kind").selectOption("url");
  await panel.getByLabel("URL", { exact: true }).fill(DEMO_URL);
  await panel.getByLabel("Server name").fill("in the file");
  await panel.getByRole("button", { name: "Save server" }).click();
  await expect.poll(() => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { servers: { name: string }[] }).servers.map((s) => s.name) : [])).toEqual(["in the file"]);
});
