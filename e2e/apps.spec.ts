import { readFileSync } from "node:fs";
import { expect, test, type FrameLocator, type Page } from "./support/test";
import { qaPanel } from "./support/qa";
import { inputCard, openApp, pick, roundsPanel, run, useRevision } from "./support/app";

// MCP Apps (README "MCP Apps"): the demo's weather app, built with the official App SDK, renders in
// the sandbox on the other loopback origin, gets its tool's input and result, calls a tool whose
// question is answered in the inspector's usual card, and its result reaches the app; the hostile
// server's apps are each contained, with the reason shown.

/** The app's own document: the sandbox proxy's frame, then the app's frame inside it. */
function appDocument(page: Page): FrameLocator {
  return page.frameLocator("iframe.app-frame").frameLocator("iframe");
}

function appView(page: Page) {
  return page.getByTestId("app-view").first();
}

// An app loads a second origin's page and its own document (the demo's carries the 540 KB SDK) on a
// shared, busy machine: its first steps get a longer wait than a click's answer.
test.setTimeout(120_000);
const LOAD = { timeout: 30_000 };

/** Waits until the app said ui/notifications/initialized (the panel then names what it says it is). */
async function appReady(page: Page, name: string): Promise<void> {
  await expect(appView(page).getByTestId("app-panel")).toContainText(`The app says it is ${name}`, LOAD);
}

for (const revision of ["2026-07-28", "2025-11-25"]) {
  test(`the demo's weather app renders, asks through our card and gets its result (${revision})`, async ({ page }) => {
    await openApp(page);
    await useRevision(page, revision);
    // The listing names the app, but nothing of it is fetched until its tool is chosen: then the
    // sandbox page is loaded, hidden, ahead of the call.
    await expect(page.locator("iframe")).toHaveCount(0);
    await pick(page, /^Weather app/);
    await expect(page.locator("iframe.app-warm")).toBeAttached();
    await expect(page.locator("iframe.app-warm")).toBeHidden();
    await run(page);
    await expect(appView(page).getByTestId("app-status")).toHaveText("running", LOAD);
    await appReady(page, "presa-weather");
    // The sandbox is on the other loopback name: another origin than the inspector's.
    const src = await page.locator("iframe.app-frame").getAttribute("src");
    expect(new URL(src ?? "").origin).toBe(new URL(page.url()).origin.replace("127.0.0.1", "localhost"));
    const app = appDocument(page);
    await expect(app.getByTestId("weather-result")).toHaveText("Lisbon: sunny, 24°C");
    await expect(app.locator("#input")).toHaveText('Asked for: {"city":"Lisbon"}');
    // The arguments went first as tool-input-partial, as a streaming model would send them.
    await expect(app.getByTestId("weather-partials")).toHaveText("1 partial input(s) before it");
    // The app calls app-pick-city: its question is our usual card, marked as the app's.
    await app.getByRole("button", { name: "Pick another city" }).click();
    const card = inputCard(page, "Which city should the weather app show?");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("app-origin")).toHaveText("from app weather-app");
    await expect(roundsPanel(page).getByTestId("app-origin")).toHaveText("from app weather-app");
    await card.getByLabel("City", { exact: true }).selectOption("Oslo");
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(app.getByTestId("weather-result")).toHaveText("Oslo: snow, -3°C");
    await expect(app.locator("#status")).toHaveText("The server answered.");
    await expect(appView(page).getByTestId("app-call").filter({ hasText: "app-pick-city" })).toContainText("done");
    // What the app told the model is shown (there is no model here).
    await expect(appView(page).getByTestId("app-notes")).toContainText("The app shows Oslo: snow, -3°C");
    await expect(appView(page).getByTestId("app-panel")).toContainText("The app says it is presa-weather 1.0.0");
    // The wire log shows the app's messages beside the server's frames, filterable.
    const log = page.getByRole("region", { name: "Wire log" });
    await log.getByLabel("Source").selectOption("apps");
    await expect(log.locator(".wire-row").filter({ hasText: "ui/initialize" }).first()).toContainText("app weather-app");
    await expect(log.locator(".wire-row").filter({ hasText: "tools/call" }).first()).toBeVisible();
  });
}

test("an app's link opens only after the user saw it and said yes", async ({ page }) => {
  await openApp(page);
  await pick(page, /^Weather app/);
  await run(page);
  await appReady(page, "presa-weather");
  const app = appDocument(page);
  await expect(app.getByTestId("weather-result")).toHaveText("Lisbon: sunny, 24°C");
  await app.getByRole("button", { name: "Open the MCP Apps docs" }).click();
  const ask = page.getByRole("alertdialog", { name: "Open a link for the app" });
  await expect(ask.getByTestId("app-link-url")).toHaveText("https://modelcontextprotocol.io/extensions/apps/overview");
  await ask.getByRole("button", { name: "Don't open" }).click();
  await expect(app.locator("#status")).toHaveText("The link was not opened: Link opening denied by user");
  await expect(appView(page).getByTestId("app-refusals")).toContainText("Link opening denied by user");
  // Closing tears the app down and removes it.
  await appView(page).getByRole("button", { name: "Close app" }).click();
  await expect(page.getByTestId("app-view")).toHaveCount(0);
});

test.describe("hostile apps are contained, with the reason shown", () => {
  // The browser says what it blocked in the console: those are the containment, not failures.
  test.use({ allowErrors: /Refused to|Blocked opening|Unsafe attempt|SecurityError|evil\.example|sandboxed/ });

  async function runHostileApp(page: Page, title: RegExp, name: string): Promise<void> {
    await openApp(page);
    await page.getByLabel("Embedded server").selectOption("hostile");
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await pick(page, title);
    await run(page);
    await appReady(page, name);
  }

  async function expectInspectorIntact(page: Page, url: string): Promise<void> {
    expect(page.url()).toBe(url);
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  }

  test("top navigation", async ({ page }) => {
    await runHostileApp(page, /^App: navigate the top window/, "app-escape-top");
    const url = page.url();
    // The browser blocks it silently (no exception to report): the page stays, the app says so itself.
    await expect(appView(page).getByTestId("app-notes")).toContainText("no popup opened");
    await expect(appView(page).getByTestId("app-sandbox")).toContainText("navigate this page, or open popups");
    await expect(appView(page).getByTestId("app-status")).toHaveText("running");
    await expectInspectorIntact(page, url);
  });

  test("reading the parent", async ({ page }) => {
    await runHostileApp(page, /^App: read the inspector's page/, "app-read-parent");
    const url = page.url();
    await expect(appView(page).getByTestId("app-refusals")).toContainText(/contained.*SecurityError|contained.*the browser refused/);
    await expect(appView(page).getByTestId("app-notes")).toContainText("parent DOM refused: SecurityError");
    await expect(appView(page).getByTestId("app-notes")).toContainText("own storage refused: SecurityError");
    await expectInspectorIntact(page, url);
  });

  test("undeclared network", async ({ page }) => {
    await runHostileApp(page, /^App: send data to an undeclared server/, "app-undeclared-network");
    const refusals = appView(page).getByTestId("app-refusals");
    await expect(refusals).toContainText("the browser blocked https://evil.example/steal?d=1 (CSP connect-src");
    await expect(refusals).toContainText("https://evil.example/pixel.png (CSP img-src");
    await expect(appView(page).getByTestId("app-csp")).toContainText("connect-src https://declared.example;");
    await expect(appView(page).getByTestId("app-panel")).toContainText("not an origin");
    await expect(appView(page).getByTestId("app-notes")).toContainText("fetch refused: TypeError");
  });

  test("endless resize", async ({ page }) => {
    await runHostileApp(page, /^App: grow without end/, "app-endless-resize");
    await expect(appView(page).getByTestId("app-status")).toHaveText("stopped");
    await expect(appView(page).getByTestId("app-reason")).toContainText("an endless resize, the app was stopped");
    await expect(page.locator("iframe.app-frame")).toHaveCount(0);
  });

  test("message flood", async ({ page }) => {
    await runHostileApp(page, /^App: flood the inspector/, "app-message-flood");
    await expect(appView(page).getByTestId("app-status")).toHaveText("stopped");
    await expect(appView(page).getByTestId("app-reason")).toContainText("more than 200 messages in one second: the app was stopped");
    await expect(page.locator("iframe.app-frame")).toHaveCount(0);
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
  });
});

test("an app's question goes through step mode, a canned answer and the session file like any call's", async ({ page }) => {
  await openApp(page);
  await useRevision(page, "2026-07-28");
  await page.getByRole("checkbox", { name: "Step" }).check();
  await pick(page, /^Weather app/);
  await run(page);
  await appReady(page, "presa-weather");
  const app = appDocument(page);
  await expect(app.getByTestId("weather-result")).toHaveText("Lisbon: sunny, 24°C");

  // Step mode: the answer to the app's question is held as a retry the user sends.
  await app.getByRole("button", { name: "Pick another city" }).click();
  const card = inputCard(page, "Which city should the weather app show?");
  await card.getByRole("button", { name: "Save as canned answer…" }).click();
  await card.getByLabel("Canned answer name").fill("Oslo for the app");
  await card.getByLabel("City", { exact: true }).selectOption("Oslo");
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  const held = page.getByRole("article", { name: "Held retry" });
  await expect(held).toContainText('"city": "Oslo"');
  await expect(app.getByTestId("weather-result")).toHaveText("Lisbon: sunny, 24°C");
  await held.getByRole("button", { name: "Send retry" }).click();
  await expect(app.getByTestId("weather-result")).toHaveText("Oslo: snow, -3°C", LOAD);

  // The saved answer answers the app's next question by itself once auto-answer is on.
  await page.getByRole("checkbox", { name: "Step" }).uncheck();
  await qaPanel(page).getByLabel("Auto-answer forms").check();
  await app.getByRole("button", { name: "Pick another city" }).click();
  await expect(appView(page).getByTestId("app-call").filter({ hasText: "app-pick-city" })).toHaveCount(2);
  await expect(appView(page).getByTestId("app-call").filter({ hasText: "app-pick-city" }).nth(1)).toContainText("done", LOAD);
  await expect(inputCard(page, "Which city should the weather app show?")).toHaveCount(0);
  await expect(roundsPanel(page).getByTestId("auto-badge").first()).toHaveText("canned: Oslo for the app");

  // The session file keeps the app's calls with their rounds.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export session" }).click()]);
  const file = JSON.parse(readFileSync(await download.path(), "utf8")) as { calls: { method: string; params: { name?: string }; rounds: unknown[] }[] };
  const picks = file.calls.filter((c) => c.params.name === "app-pick-city");
  expect(picks).toHaveLength(2);
  expect(JSON.stringify(picks[0])).toContain("Which city should the weather app show?");
});

test("the catalog lists an app-only tool apart, marked, and still callable by hand", async ({ page }) => {
  await openApp(page);
  const catalog = page.getByRole("complementary").or(page.locator(".sidebar")).first();
  const group = catalog.locator("details.app-only");
  await expect(group.locator("summary")).toHaveText("1 app-only tool: called by an app, never shown to a model");
  // A model's list: app-pick-city is not in it.
  await expect(catalog.locator(".catalog-list").first().getByText("app-pick-city")).toHaveCount(0);
  await expect(catalog.getByRole("button", { name: /^Weather app/ })).toContainText("app");
  await group.locator("summary").click();
  const item = group.getByRole("button", { name: /^Pick a city/ });
  await expect(item).toContainText("app only");
  // Searching opens the group: what matches is never hidden.
  await group.locator("summary").click();
  await catalog.getByLabel("Search the catalog").fill("pick a city");
  await expect(item).toBeVisible();
});
