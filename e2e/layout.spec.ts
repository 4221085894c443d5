import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { answerForm, openApp, pageErrors, pick, run } from "./support/app";

// The pending question is the centre of the page, since the user must answer it before the call goes on. At 1280x800, a question of any
// kind is scrolled into view and focused when it arrives, and none of its buttons or reply boxes is
// under the wire log or below the fold; the panels can be resized and collapsed and come back after
// a reload; the settings dialog keeps its keyboard rules.
test.use({ viewport: { width: 1280, height: 800 } });

test.afterEach(async ({ page }) => {
  expect(pageErrors(page)).toEqual([]);
});

/** The element is inside the viewport and is what a click at its centre would hit (nothing covers it). */
async function expectUncovered(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return at !== null && (at === el || el.contains(at));
  });
  expect(hit, `${what}: nothing covers its centre`).toBe(true);
}

/** The question (card or held retry) has the focus, on itself or one of its controls. */
async function expectFocusedIn(page: Page, question: Locator, what: string): Promise<void> {
  await expect
    .poll(() => question.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)), { message: `${what} has the focus` })
    .toBe(true);
}

/** Every answer control of the question: its action buttons and its reply fields. */
async function expectAnswerable(page: Page, question: Locator, what: string): Promise<void> {
  await expectFocusedIn(page, question, what);
  await expectUncovered(page, question.locator("header").first(), `${what} header`);
  const controls = question.locator(".actions button, textarea");
  const count = await controls.count();
  expect(count, `${what} has answer controls`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    await expectUncovered(page, control, `${what} control ${i + 1} (${(await control.textContent())?.trim() || (await control.getAttribute("aria-label")) || "field"})`);
  }
}

const card = (page: Page) => page.getByRole("article", { name: /^Input request / }).first();

test.describe("a question that arrives is in view and focused", () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    // Enough frames that the wire log is full, as after some use.
    await page.getByRole("button", { name: "Reconnect" }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
  });

  test("form elicitation", async ({ page }) => {
    await pick(page, /^two-steps/);
    await run(page);
    await expectAnswerable(page, card(page), "form question");
    // The first field is the one focused: typing answers it.
    await page.keyboard.type("Ada");
    await expect(card(page).getByLabel("Name", { exact: true })).toHaveValue("Ada");
  });

  test("URL elicitation", async ({ page }) => {
    await pick(page, /^Connect an account/);
    await run(page);
    await expectAnswerable(page, card(page), "URL question");
  });

  test("sampling", async ({ page }) => {
    await pick(page, /^Summarize/);
    await page.getByLabel("Text to summarize").fill("A long text about panels.");
    await run(page);
    await expectAnswerable(page, card(page), "sampling question");
  });

  test("roots", async ({ page }) => {
    await pick(page, /^List workspace/);
    await run(page);
    await expectAnswerable(page, card(page), "roots question");
  });

  test("the step-mode retry editor", async ({ page }) => {
    await page.getByLabel("Step mode (hold each retry)").check();
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await pick(page, /^two-steps/);
    await run(page);
    await answerForm(page, "Name?", { Name: "Ada" });
    const held = page.getByRole("article", { name: "Held retry" });
    await expectAnswerable(page, held, "held retry");
    await expect(held.getByLabel("Input responses (JSON)")).toBeFocused();
  });

  test("the question stays in view at 1024x768 and 1440x900 too", async ({ page }) => {
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await pick(page, /^Connect an account/);
      await run(page);
      await expectAnswerable(page, card(page), `URL question at ${viewport.width}x${viewport.height}`);
      await card(page).getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(card(page)).toHaveCount(0);
    }
  });

  test("on a narrow window the columns stack: the question is answerable and the rounds panel is on screen", async ({ page }) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 760, height: 800 },
    ]) {
      const size = `${viewport.width}x${viewport.height}`;
      await page.setViewportSize(viewport);
      await pick(page, /^greet/);
      await run(page);
      await expectAnswerable(page, card(page), `form question at ${size}`);
      await expectUncovered(page, card(page).getByLabel("name"), `the form's field at ${size}`);
      const rounds = page.getByRole("region", { name: "Rounds" });
      await expectUncovered(page, rounds.getByRole("heading", { name: "Rounds" }), `the rounds panel's heading at ${size}`);
      await expect(rounds.getByLabel("Round 1")).toBeInViewport();
      // Nothing of the workspace lies past the window's right edge.
      const widest = await page.evaluate(() => Math.max(...[".pane.sidebar", ".pane.center", ".pane.timeline"].map((p) => (document.querySelector(p) as HTMLElement).getBoundingClientRect().right)));
      expect(widest, size).toBeLessThanOrEqual(viewport.width);
      await card(page).getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(card(page)).toHaveCount(0);
    }
  });
});

test("the wire log and the rounds panel resize and collapse, and the layout comes back after a reload", async ({ page }) => {
  await openApp(page);
  const wire = page.getByTestId("wire-pane");
  const rounds = page.getByTestId("rounds-pane");
  const height = async () => (await wire.boundingBox())?.height ?? 0;
  const width = async () => (await rounds.boundingBox())?.width ?? 0;
  const before = await height();

  // Drag the wire log's separator 150 px up: the log grows by as much.
  const sep = page.getByRole("separator", { name: "Resize the wire log" });
  const box = await sep.boundingBox();
  if (!box) throw new Error("no separator");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 150, { steps: 5 });
  await page.mouse.up();
  await expect.poll(height).toBeGreaterThan(before + 140);
  const grown = await height();

  // The rounds panel, with the keyboard: focus its separator, Shift+Left widens it.
  const roundsBefore = await width();
  await page.getByRole("separator", { name: "Resize the rounds panel" }).focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(width).toBeGreaterThan(roundsBefore + 60);
  const roundsWide = await width();

  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect.poll(height).toBeCloseTo(grown, 0);
  await expect.poll(width).toBeCloseTo(roundsWide, 0);

  // Collapse both: the wire log to its header, the rounds panel to its button.
  await page.getByRole("region", { name: "Wire log" }).getByRole("button", { name: /Wire log/ }).click();
  await expect(page.getByRole("list", { name: "Frames" })).toHaveCount(0);
  await expect.poll(height).toBeLessThan(40);
  await page.getByRole("button", { name: "Hide the rounds panel" }).click();
  await expect(page.getByRole("region", { name: "Rounds" })).toHaveCount(0);
  await expect.poll(width).toBeLessThan(40);
  // The centre gets the room.
  await pick(page, /^two-steps/);
  await run(page);
  await expectAnswerable(page, card(page), "form question with both panels collapsed");

  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.getByRole("button", { name: "Show the rounds panel" })).toBeVisible();
  await expect.poll(height).toBeLessThan(40);
  // And open again to the size they had.
  await page.getByRole("button", { name: "Show the rounds panel" }).click();
  await expect.poll(width).toBeCloseTo(roundsWide, 0);
  await page.getByRole("region", { name: "Wire log" }).getByRole("button", { name: /Wire log/ }).click();
  await expect.poll(height).toBeCloseTo(grown, 0);
});

test("the rounds panel's heading keeps clear of its hide button, whatever the call's name", async ({ page }) => {
  await openApp(page);
  await pick(page, /^two-steps/);
  await run(page);
  const rounds = page.getByRole("region", { name: "Rounds" });
  await expect(rounds.locator(".rounds-head")).toContainText("two-steps");
  // The heading's content ends left of the button (absolutely placed in the panel's corner), so a
  // name of any length wraps before it rather than running under it; and nothing in it touches it.
  const clear = await page.evaluate(() => {
    const head = document.querySelector(".timeline .rounds-head") as HTMLElement;
    const button = (document.querySelector(".pane-collapse") as HTMLElement).getBoundingClientRect();
    const contentRight = head.getBoundingClientRect().right - parseFloat(getComputedStyle(head).paddingRight);
    const touching = [...head.querySelectorAll("*")].map((e) => e.getBoundingClientRect()).filter((r) => r.right > button.left && r.left < button.right && r.bottom > button.top && r.top < button.bottom);
    return { contentRight, buttonLeft: button.left, touching: touching.length };
  });
  expect(clear.contentRight).toBeLessThanOrEqual(clear.buttonLeft);
  expect(clear.touching).toBe(0);
});

test("a long resource URI breaks inside the sidebar's history and the call view, never past their edges", async ({ page }) => {
  await openApp(page);
  const name = "x".repeat(160);
  await pick(page, /^Greeting for a name/, "Resources");
  await page.getByLabel("name", { exact: true }).fill(name);
  await run(page, "Read resource");
  await expect(page.getByTestId("call-view").getByTestId("result")).toContainText(`Hello, ${name}!`);
  await pick(page, /^Read me/, "Resources");
  const overflowing = await page.evaluate(() =>
    [".pane.sidebar", ".pane.center"].flatMap((pane) => {
      const edge = (document.querySelector(pane) as HTMLElement).getBoundingClientRect().right;
      return [...document.querySelectorAll(`${pane} .call-history button, ${pane} .call-view header, ${pane} .item-panel header`)].flatMap((el) =>
        [...el.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > edge + 1).map((e) => `${pane}: ${e.tagName} ${e.textContent?.slice(0, 40)}`),
      );
    }),
  );
  expect(overflowing).toEqual([]);
});

test("the settings dialog: focus inside, Esc closes it (and only it), focus returns to its button", async ({ page }) => {
  await openApp(page);
  // A question is pending: Esc in the dialog must not also cancel it.
  await pick(page, /^two-steps/);
  await run(page);
  await expect(card(page)).toBeVisible();

  const button = page.getByRole("button", { name: "Settings" });
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Connection settings" });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (const section of ["Client capabilities", "Calls", "Client identity", "Layout"]) {
    await expect(dialog.getByRole("heading", { name: section })).toBeVisible();
  }
  // Tab stays inside the modal dialog.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(card(page)).toBeVisible();

  // A setting changed in the dialog applies (and reconnects) with the dialog open.
  await button.click();
  await dialog.getByLabel("Round cap").fill("7");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await dialog.getByRole("button", { name: "Close settings" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await button.click();
  await expect(dialog.getByLabel("Round cap")).toHaveValue("7");
});
