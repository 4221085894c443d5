import { expect, test, type Locator, type Page } from "./support/test";
import { answerForm, catalog, inputCard, openApp, pick, result, roundsPanel } from "./support/app";
import { itemHeading } from "./support/qa";

/** WCAG contrast of an element's text against the first opaque background behind it. */
async function contrastOf(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r ?? 0) + 0.7152 * f(g ?? 0) + 0.0722 * f(b ?? 0);
    };
    let bg: number[] = [255, 255, 255];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c[3] === undefined || c[3] > 0.9)) {
        bg = c;
        break;
      }
    }
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

async function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
    return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
  });
}

for (const scheme of ["light", "dark"] as const) {
  test(`presentation mode shows one flow in large type, rounds beside it (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page);
    await pick(page, /^two-steps/);
    const normalHeight = (await itemHeading(page).boundingBox())?.height ?? 0;

    await page.getByRole("button", { name: "Present" }).click();
    await expect(catalog(page)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Wire log" })).toHaveCount(0);
    await expect(page.getByLabel("Revision")).toHaveCount(0);
    await expect(itemHeading(page)).toHaveText("two-steps");
    expect((await itemHeading(page).boundingBox())?.height ?? 0).toBeGreaterThan(normalHeight * 1.3);

    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    const card = inputCard(page, "Name?");
    await expect(card).toBeVisible();
    await expect(card.getByText("Preview of the answer")).toBeHidden();
    await expect(card.getByRole("button", { name: "Save as canned answer…" })).toBeHidden();
    // No keys (README "Presentation mode"): neither the input key in the header nor a field's key by its title.
    await expect(card.locator("header > code")).toBeHidden();
    await expect(card.locator(".field-key")).toBeHidden();
    await expect(card.getByLabel("Name", { exact: true })).toBeVisible();
    const cardBox = await card.boundingBox();
    const roundsBox = await roundsPanel(page).boundingBox();
    expect(roundsBox && cardBox && roundsBox.x).toBeGreaterThan((cardBox?.x ?? 0) + (cardBox?.width ?? 0) - 1);

    const luminance = await bodyLuminance(page);
    expect(scheme === "dark" ? luminance < 0.2 : luminance > 0.8).toBe(true);
    expect(await contrastOf(itemHeading(page))).toBeGreaterThan(7);
    expect(await contrastOf(card.getByText("Name?", { exact: true }))).toBeGreaterThan(4.5);

    await answerForm(page, "Name?", { Name: "Ada" });
    await answerForm(page, "Color?", { Color: "blue" });
    await expect(result(page)).toContainText("Ada likes blue");
    await expect(roundsPanel(page).getByLabel("Round 2")).toBeVisible();

    await page.getByRole("button", { name: "Exit presentation" }).click();
    await expect(catalog(page)).toBeVisible();
    await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
  });
}

test("?present in a link opens presentation mode", async ({ page }) => {
  await page.goto("/?present&tool=greet");
  await expect(itemHeading(page)).toHaveText("greet");
  await expect(page.getByRole("button", { name: "Exit presentation" })).toBeVisible();
  await expect(catalog(page)).toHaveCount(0);
});
