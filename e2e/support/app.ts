import { expect, type Locator, type Page } from "@playwright/test";
import { BRIDGE_TOKEN, BRIDGE_URL, DEMO_URL } from "./ports";

const errorsOf = new WeakMap<Page, string[]>();

/** Opens the app (at `path`, "/" unless given) and waits until it is connected to the embedded demo server. */
export async function openApp(page: Page, path = "/"): Promise<void> {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  errorsOf.set(page, errors);
  await page.goto(path);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

/** Uncaught errors the page threw since openApp. */
export function pageErrors(page: Page): string[] {
  return errorsOf.get(page) ?? [];
}

export function roundsPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Rounds" });
}

export type Target = "embedded" | "http";

/** Points the app at a target and waits for the connection. */
export async function useTarget(page: Page, target: Target): Promise<void> {
  if (target === "embedded") return;
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(DEMO_URL);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

/** Pins a revision (or "auto") and waits for the negotiated one. */
export async function useRevision(page: Page, revision: string, expected = revision): Promise<void> {
  await page.getByLabel("Revision").selectOption(revision);
  await expect(page.getByTestId("negotiated-revision")).toHaveText(expected);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

/** Opens the connection settings dialog (capabilities, round cap, timeout, clientInfo), if it is not open. */
export async function openSettings(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Connection settings" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Settings" }).click();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes the settings dialog with Escape. */
export async function closeSettings(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Connection settings" });
  if (await dialog.isVisible()) await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

export async function setCapability(page: Page, label: string, mode: "handled" | "off" | "declared"): Promise<void> {
  const settings = await openSettings(page);
  await settings.getByLabel(label, { exact: true }).selectOption(mode);
  await closeSettings(page);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

export function catalog(page: Page): Locator {
  return page.getByRole("navigation", { name: "Catalog" });
}

/** Selects a tool (or prompt/resource on its tab) by the start of its title. */
export async function pick(page: Page, title: string | RegExp, tab?: "Tools" | "Resources" | "Prompts"): Promise<void> {
  if (tab) await catalog(page).getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
  await catalog(page).getByRole("button", { name: title }).first().click();
}

export async function run(page: Page, verb = "Call tool"): Promise<void> {
  await page.getByRole("button", { name: verb, exact: true }).click();
}

/** Enters the arguments as raw JSON (the editor beside the generated form) and runs. */
export async function runWithJson(page: Page, args: unknown, verb = "Call tool"): Promise<void> {
  await page.getByRole("button", { name: "JSON", exact: true }).click();
  await page.getByLabel("Arguments (JSON)").fill(JSON.stringify(args));
  await run(page, verb);
}

/**
 * The input card that shows a question. Cards are named by key ("Input request who"); on
 * initialize-era sessions the key is the server request's id, so tests find cards by their text.
 */
export function inputCard(page: Page, text: string | RegExp): Locator {
  return page.getByRole("article", { name: /^Input request / }).filter({ hasText: text });
}

export function result(page: Page): Locator {
  return page.getByTestId("call-view").getByTestId("result");
}

export function callView(page: Page): Locator {
  return page.getByTestId("call-view");
}

/** Fills the fields of the elicitation form that shows `question`, and accepts it. */
export async function answerForm(page: Page, question: string | RegExp, fields: Record<string, string>): Promise<void> {
  const card = inputCard(page, question);
  await expect(card).toBeVisible();
  for (const [label, value] of Object.entries(fields)) await card.getByLabel(label, { exact: true }).fill(value);
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(card).toHaveCount(0);
}

/** Picks a bridge target and pastes the e2e bridge (started by playwright.config.ts) the way a user of the static build does. */
export async function useE2eBridge(page: Page): Promise<void> {
  await page.getByLabel("Server", { exact: true }).selectOption("bridge-http");
  const status = page.getByTestId("bridge-status");
  if ((await status.getAttribute("data-status")) !== "none") await status.click();
  await page.getByLabel("Bridge URL").fill(BRIDGE_URL);
  await page.getByLabel("Bridge token").fill(BRIDGE_TOKEN);
  await page.getByRole("button", { name: "Use bridge" }).click();
  await expect(status).toHaveText("Bridge: ready");
}
