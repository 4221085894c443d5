// Takes the README's screenshots from the real app: builds it (into its own folder, so an e2e run's
// build is left alone), serves it on 127.0.0.1, drives the embedded demo server through the main
// flows in Chromium at 1280x800 (the layout the issue sizes for), and writes docs/screenshots/*.png.
import { execSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { resolveChromium } from "../e2e/support/chromium";
import { freePort } from "../test/support/freePort";

const OUT = "docs/screenshots";
const DIST = "dist-screenshots";
const VIEWPORT = { width: 1280, height: 800 };

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${OUT}/${name}.png` });
  console.log(`wrote ${OUT}/${name}.png`);
}

const card = (page: Page, text: string) => page.getByRole("article", { name: /^Input request / }).filter({ hasText: text });
const pick = (page: Page, name: RegExp) => page.getByRole("navigation", { name: "Catalog" }).getByRole("button", { name }).first().click();
const connected = (page: Page) => page.getByTestId("connection-status").filter({ hasText: "connected" }).waitFor();

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  if (!process.argv.includes("--no-build")) execSync(`npx vite build --outDir ${DIST}`, { stdio: "inherit" });
  const port = await freePort();
  // Its own process group, so stopping it also stops the vite process npx starts.
  const preview = spawn("npx", ["vite", "preview", "--outDir", DIST, "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { stdio: "ignore", detached: true });
  const browser = await chromium.launch({
    executablePath: resolveChromium(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const base = `http://127.0.0.1:${port}/`;
    await waitFor(base);
    const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: "light" });
    await page.goto(base);
    await connected(page);

    // The settings dialog: everything the one-line connection bar leaves out.
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("dialog", { name: "Connection settings" }).waitFor();
    await shot(page, "settings");
    await page.keyboard.press("Escape");

    await pick(page, /^Survey/);
    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    await card(page, "A short survey").getByLabel("Email", { exact: true }).fill("ada@example.com");
    await shot(page, "form");
    await card(page, "A short survey").getByRole("button", { name: "Cancel", exact: true }).click();

    await pick(page, /^two-steps/);
    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    await card(page, "Name?").getByLabel("Name", { exact: true }).fill("Ada");
    await card(page, "Name?").getByRole("button", { name: "Accept", exact: true }).click();
    await card(page, "Color?").getByLabel("Color", { exact: true }).fill("blue");
    await card(page, "Color?").getByRole("button", { name: "Accept", exact: true }).click();
    await page.getByTestId("result").waitFor();
    await shot(page, "rounds");

    await pick(page, /^Connect an account/);
    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    await card(page, "Sign in").waitFor();
    await shot(page, "url-elicitation");
    await card(page, "Sign in").getByRole("button", { name: "Decline", exact: true }).click();

    await page.getByLabel("Step mode (hold each retry)").check();
    await pick(page, /^greet/);
    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    await card(page, "Who should I greet?").getByLabel("name", { exact: true }).fill("Ada");
    await card(page, "Who should I greet?").getByRole("button", { name: "Accept", exact: true }).click();
    await page.getByRole("article", { name: "Held retry" }).waitFor();
    await shot(page, "step-mode");
    await page.getByRole("article", { name: "Held retry" }).getByRole("button", { name: "Abandon call" }).click();
    await page.getByLabel("Step mode (hold each retry)").uncheck();

    await page.getByLabel("Revision").selectOption("2025-11-25");
    await page.getByTestId("negotiated-revision").filter({ hasText: "2025-11-25" }).waitFor();
    await pick(page, /^Onboard/);
    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    await card(page, "Tell us about yourself").waitFor();
    await shot(page, "initialize-era");

    // Saved servers: two saved, the list open with its import and export.
    const saved = await browser.newPage({ viewport: VIEWPORT, colorScheme: "light" });
    await saved.goto(base);
    await connected(saved);
    await saved.getByRole("button", { name: /^Saved \(/ }).click();
    const panel = saved.getByRole("region", { name: "Saved connections" });
    await panel.getByLabel("Paste mcp.json").fill(JSON.stringify({ mcpServers: { staging: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer ${input:token}" } }, everything: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything", "stdio"] } } }));
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await panel.getByRole("button", { name: "Connect to staging" }).waitFor();
    await shot(saved, "saved-servers");
    await saved.close();

    // Run on both: two-steps on this page's session (2026-07-28) and a second one (2025-11-25).
    const both = await browser.newPage({ viewport: VIEWPORT, colorScheme: "light" });
    await both.goto(base);
    await connected(both);
    await both.getByRole("button", { name: "Sessions side by side" }).click();
    await both.getByRole("button", { name: "+ Session" }).click();
    await both.getByTestId("session-2-status").filter({ hasText: "connected" }).waitFor();
    await pick(both, /^two-steps/);
    await both.getByRole("button", { name: "Run on both" }).click();
    await card(both, "Name?").getByLabel("Name", { exact: true }).fill("Ada");
    await card(both, "Name?").getByRole("button", { name: "Accept", exact: true }).click();
    await card(both, "Color?").getByLabel("Color", { exact: true }).fill("blue");
    await card(both, "Color?").getByRole("button", { name: "Accept", exact: true }).click();
    await both.getByRole("region", { name: "Run on both: difference" }).waitFor();
    await shot(both, "run-on-both");
    await both.close();

    const dark = await browser.newPage({ viewport: VIEWPORT, colorScheme: "dark" });
    await dark.goto(base);
    await connected(dark);
    await dark.getByRole("button", { name: "Settings" }).click();
    await dark.getByLabel("Sampling", { exact: true }).selectOption("off");
    await connected(dark);
    await dark.keyboard.press("Escape");
    await pick(dark, /^Summarize/);
    await dark.getByRole("button", { name: "JSON", exact: true }).click();
    await dark.getByLabel("Arguments (JSON)").fill('{"text":"hello"}');
    await dark.getByRole("button", { name: "Call tool", exact: true }).click();
    await dark.getByTestId("call-view").getByRole("alert").waitFor();
    await shot(dark, "error-dark");

    // A phone-sized window: the columns stacked, the question answerable, the rounds below it.
    const narrow = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "light" });
    await narrow.goto(base);
    await connected(narrow);
    await pick(narrow, /^greet/);
    await narrow.getByRole("button", { name: "Call tool", exact: true }).click();
    await card(narrow, "Who should I greet?").waitFor();
    await shot(narrow, "narrow");
  } finally {
    await browser.close();
    if (preview.pid !== undefined) process.kill(-preview.pid, "SIGTERM");
  }
}

await main();
