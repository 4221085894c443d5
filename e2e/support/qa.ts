import { expect, type Locator, type Page } from "@playwright/test";

/** The sidebar's QA panel: canned answers, auto-answer switches, the mock model, the log level. */
export function qaPanel(page: Page): Locator {
  return page.getByRole("region", { name: "QA" });
}

export function wireLog(page: Page): Locator {
  return page.getByRole("region", { name: "Wire log" });
}

/** Rows of the wire log whose method matches, after filtering the log by it. */
export async function wireRows(page: Page, method: string, direction: "all" | "out" | "in" = "all"): Promise<Locator> {
  const log = wireLog(page);
  await log.getByLabel("Filter frames").fill(method);
  await log.getByLabel("Direction").selectOption(direction);
  return log.getByRole("button", { name: new RegExp(method.replace(/[/]/g, "\\/")) });
}

/** What the page put on the clipboard (the spec grants clipboard permissions). */
export async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The heading of the selected item's panel. */
export function itemHeading(page: Page): Locator {
  return page.getByRole("region", { name: "Selected item" }).getByRole("heading");
}

export async function expectConnected(page: Page): Promise<void> {
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}
