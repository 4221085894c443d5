import { expect, test, type Locator, type Page } from "./support/test";
import { catalog, closeSettings, openApp, openSettings, pick, result, run, useRevision } from "./support/app";
import { holdBack } from "./support/loads";
import { itemHeading } from "./support/qa";

// The catalog: search, title and real name, annotation badges, the confirm before a destructive
// tool, the palette's focus, and the tab row at 1280 px.
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
});

test("the search filters by name, title and description; title and real name and badges are shown", async ({ page }) => {
  const list = catalog(page).locator(".catalog-list > li");
  // "connected" comes before the listing: the tools arrive in one answer, so once one is shown all are.
  await expect(catalog(page).getByRole("button", { name: /^greet/ })).toBeVisible();
  const all = await list.count();
  await catalog(page).getByLabel("Search the catalog").fill("roots");
  // "List workspace (roots)" by title, "watch-roots" by name, and whatever else says roots.
  await expect(catalog(page).getByRole("button", { name: /^List workspace/ })).toBeVisible();
  await expect(catalog(page).getByRole("button", { name: /^Watch roots/ })).toBeVisible();
  expect(await list.count()).toBeLessThan(all);
  await catalog(page).getByLabel("Search the catalog").fill("out of band sign-in");
  await expect(list).toHaveCount(1);
  await catalog(page).getByLabel("Search the catalog").fill("no such thing");
  await expect(catalog(page)).toContainText("No tool matches “no such thing”.");
  await catalog(page).getByLabel("Search the catalog").fill("");
  await expect(list).toHaveCount(all);

  const workspace = catalog(page).getByRole("button", { name: /^List workspace/ });
  await expect(workspace.locator(".item-name")).toHaveText("list-workspace");
  await expect(workspace.locator(".item-badges .badge")).toHaveText(["read-only"]);
  await expect(catalog(page).getByRole("button", { name: /^Echo/ }).locator(".item-badges .badge")).toHaveText(["read-only", "idempotent", "closed-world"]);
  await expect(catalog(page).getByRole("button", { name: /^Connect an account/ }).locator(".item-badges .badge")).toHaveText(["open-world"]);
  await expect(catalog(page).getByRole("button", { name: /^Reset notes/ }).locator(".item-badges .badge")).toHaveText(["destructive", "idempotent", "closed-world"]);
  // Task support is listed as execution.taskSupport on 2025-11-25.
  await useRevision(page, "2025-11-25");
  await expect(catalog(page).getByRole("button", { name: /^Release/ }).locator(".item-badges .badge")).toHaveText(["task"]);
  await expect(catalog(page).getByRole("button", { name: /^Deploy/ }).locator(".item-badges .badge")).toHaveText(["task optional"]);
});

test("a tool marked destructive asks first; Cancel sends nothing; the question can be switched off", async ({ page }) => {
  await pick(page, /^Reset notes/);
  await run(page);
  const confirm = page.getByRole("dialog", { name: "Call a destructive tool?" });
  await expect(confirm).toContainText("reset-notes");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  // Nothing was called: no call in the history.
  await expect(page.locator(".call-history")).toHaveCount(0);
  await run(page);
  await confirm.getByRole("button", { name: "Call it" }).click();
  await expect(result(page)).toContainText("All notes deleted");

  const settings = await openSettings(page);
  await settings.getByLabel("Ask before calling a tool marked destructive").uncheck();
  await closeSettings(page);
  await run(page);
  await expect(page.getByRole("dialog", { name: "Call a destructive tool?" })).toHaveCount(0);
  await expect(page.locator(".call-history .catalog-item")).toHaveCount(2);
});

/**
 * Ctrl+K and `text` typed straight after it, as a quick user does: the palette has the text and the
 * focus (the dialog itself, or its stand-in while the dialog's code is on its way).
 */
async function typeIntoPalette(page: Page, text: string): Promise<Locator> {
  await page.keyboard.press("Control+k");
  await page.keyboard.type(text);
  const palette = page.getByRole("dialog", { name: "Command palette" });
  const search = palette.getByLabel("Search tools, resources and prompts");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue(text);
  return palette;
}

test("Ctrl+K then typing at once: the text goes into the palette and filters; Enter selects what is shown", async ({ page }) => {
  const palette = await typeIntoPalette(page, "two-st");
  await expect(palette.getByRole("option")).toHaveCount(1);
  await expect(palette.getByRole("option").first()).toContainText("two-steps");
  await page.keyboard.press("Enter");
  await expect(palette).toHaveCount(0);
  await expect(itemHeading(page)).toHaveText("two-steps");
  // Selected, not run.
  await expect(page.locator(".call-history")).toHaveCount(0);
});

test("Ctrl+K then typing while the palette's code is held back: nothing typed is lost, the palette takes the text and the focus", async ({ page }) => {
  // The palette is a chunk of its own, fetched ahead once connected: hold that request back.
  const { asked, release } = holdBack(page, /\/assets\/PaletteDialog-[^/]*\.js$/);
  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await asked;
  const palette = await typeIntoPalette(page, "two-st");
  await expect(palette.getByRole("combobox")).toHaveCount(0);
  await release();
  // The palette itself, with what was typed, the focus, and the caret after the text.
  const combobox = palette.getByRole("combobox", { name: "Search tools, resources and prompts" });
  await expect(combobox).toBeFocused();
  await expect(combobox).toHaveValue("two-st");
  await page.keyboard.type("eps");
  await expect(combobox).toHaveValue("two-steps");
  await expect(palette.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(palette).toHaveCount(0);
  await expect(itemHeading(page)).toHaveText("two-steps");
});

test("at 1280 px the tabs hold only tabs, on one line, and ↻ is not clipped", async ({ page }) => {
  const tablist = catalog(page).getByRole("tablist");
  await expect(tablist.locator("> *")).toHaveCount(3);
  await expect(tablist.getByRole("tab")).toHaveCount(3);
  // Each label on one line and whole: none taller than the shortest, none overflowing itself or the
  // next tab or the list.
  const fit = await tablist.evaluate((list) => {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const boxes = tabs.map((t) => t.getBoundingClientRect());
    const minHeight = Math.min(...boxes.map((b) => b.height));
    return {
      oneLine: boxes.every((b) => b.height < minHeight * 1.5 && b.top === boxes[0]?.top),
      whole: tabs.every((t) => t.scrollWidth <= t.clientWidth),
      apart: boxes.every((b, i) => i === 0 || (boxes[i - 1] as DOMRect).right <= b.left + 0.5),
      inside: (boxes[boxes.length - 1] as DOMRect).right <= list.getBoundingClientRect().right + 0.5,
    };
  });
  expect(fit).toEqual({ oneLine: true, whole: true, apart: true, inside: true });
  const refresh = catalog(page).getByRole("button", { name: "Refetch the lists" });
  const nav = await catalog(page).boundingBox();
  const r = await refresh.boundingBox();
  expect(nav && r && r.x >= nav.x && r.x + r.width <= nav.x + nav.width).toBe(true);
  // Not covered either: the point at its centre is the button.
  const hit = await refresh.evaluate((el) => {
    const b = el.getBoundingClientRect();
    return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2) === el;
  });
  expect(hit).toBe(true);
  await expect(catalog(page).getByRole("tab", { name: /^Tools/ })).toBeVisible();
  await expect(catalog(page).getByRole("tab", { name: /^Prompts/ })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath("catalog-1280.png") });
});

test("the theme switch: system, light, dark, kept after a reload", async ({ page }) => {
  expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBeNull();
  const settings = await openSettings(page);
  await settings.getByLabel("Theme").selectOption("dark");
  await closeSettings(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe("rgb(22, 24, 28)");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const again = await openSettings(page);
  await again.getByLabel("Theme").selectOption("light");
  await closeSettings(page);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(247, 247, 245)");
});
