import { expect, test } from "./support/test";
import { catalog, inputCard, openApp, result, roundsPanel, run } from "./support/app";
import { itemHeading } from "./support/qa";

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test("Ctrl+K finds a tool, Ctrl+Enter runs it, Escape cancels its question", async ({ page }) => {
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByLabel("Search tools, resources and prompts").fill("greet");
  await expect(palette.getByRole("option").first()).toContainText("greet");
  await page.keyboard.press("Enter");
  await expect(palette).toHaveCount(0);
  await expect(itemHeading(page)).toHaveText("greet");

  await page.keyboard.press("Control+Enter");
  const card = inputCard(page, "Who should I greet?");
  await expect(card).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);
  await expect(result(page)).toContainText("No name given");
  await expect(roundsPanel(page).getByLabel("Answer who")).toContainText('"action":"cancel"');
});

test("the palette lists resources and prompts, filters, and moves with the arrow keys", async ({ page }) => {
  await page.keyboard.press("Meta+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  const search = palette.getByLabel("Search tools, resources and prompts");
  await search.fill("demo://");
  const options = palette.getByRole("option");
  // readme, weather, counter, the greeting template, and bump-counter (its description names demo://counter)
  await expect(options).toHaveCount(5);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(4)).toHaveAttribute("aria-selected", "true");
  await search.fill("demo://weather");
  await expect(options).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(catalog(page).getByRole("tab", { name: /^Resources/ })).toHaveAttribute("aria-selected", "true");
  await expect(itemHeading(page)).toHaveText("Weather report (asks for a city)");
  await expect(page.getByRole("region", { name: "Selected item" }).locator("header code")).toHaveText("demo://weather");

  await page.keyboard.press("Control+k");
  await search.fill("tone");
  await page.keyboard.press("Enter");
  await expect(catalog(page).getByRole("tab", { name: /^Prompts/ })).toHaveAttribute("aria-selected", "true");
});

test("Escape in the palette closes it and leaves the pending question alone", async ({ page }) => {
  await catalog(page).getByRole("button", { name: /^greet/ }).click();
  await run(page);
  const card = inputCard(page, "Who should I greet?");
  await expect(card).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog", { name: "Command palette" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Command palette" })).toHaveCount(0);
  await expect(card).toBeVisible();
});
