import { allowErrors, expect, test, type Page } from "./support/test";
import { answerForm, inputCard, openApp, openSettings, pick, result, run, runWithJson, useRevision } from "./support/app";
import { DEMO_URL } from "./support/ports";

// axe-core (support/test.ts: the rules tagged AXE_TAGS) over the main views, in the light and the dark
// theme: no violation at all, serious, critical or moderate. And a keyboard-only walk through greet,
// two-steps and a task.

// Each test opens its own page and server session: they may run on different workers at once, so
// the longest file of the suite does not run on one worker alone.
test.describe.configure({ mode: "parallel" });

type Axe = (what: string) => Promise<void>;

/**
 * Each view is scanned in both themes, one after the other, on the same page: the theme follows the
 * system's colour scheme live (`color-scheme` and light-dark() pairs), so switching the emulated scheme
 * repaints the same view dark, and each flow runs once instead of once per theme. Any CSS transition is
 * finished before a scan, so no colour is caught half-way. The page is left light.
 */
function inBothThemes(page: Page, axe: Axe): Axe {
  return async (what) => {
    const backgrounds: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      backgrounds.push(await page.evaluate(() => {
        document.getAnimations().forEach((a) => a.finish());
        return getComputedStyle(document.body).backgroundColor;
      }));
      await axe(`${what}, ${scheme} theme`);
    }
    // The switch must have repainted the page, or the second scan saw the first theme again.
    expect(backgrounds[1], `the page's background in the dark theme (${what})`).not.toBe(backgrounds[0]);
    await page.emulateMedia({ colorScheme: "light" });
  };
}

test.describe("both themes", () => {
  test.use({ colorScheme: "light", viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 240_000 });

  test("the catalog, each card kind, the rounds and a finished call", async ({ page, axe: scan }) => {
    const axe = inBothThemes(page, scan);
    await openApp(page);
    await axe("the first view (catalog)");
    await pick(page, /^greet/);
    await run(page);
    await expect(inputCard(page, "Who should I greet?")).toBeVisible();
    await axe("a form card");
    await answerForm(page, "Who should I greet?", { name: "Ada" });
    await expect(result(page)).toContainText("Hello, Ada!");
    await axe("a finished call with its rounds");
    await pick(page, /^Connect an account/);
    await run(page);
    await expect(inputCard(page, "Sign in to Example Cloud")).toBeVisible();
    await axe("a URL card");
    await inputCard(page, "Sign in to Example Cloud").getByRole("button", { name: "Decline" }).click();
    await pick(page, /^Summarize/);
    await runWithJson(page, { text: "A text." });
    await expect(inputCard(page, "Summarize in one sentence")).toBeVisible();
    await axe("a sampling card");
    await inputCard(page, "Summarize in one sentence").getByRole("button", { name: /^Reject/ }).click();
    await pick(page, /^List workspace/);
    await run(page);
    await expect(page.getByRole("article", { name: /^Input request roots/ })).toBeVisible();
    await axe("a roots card");
  });

  test("a task, step mode, settings and present mode", async ({ page, axe: scan }) => {
    const axe = inBothThemes(page, scan);
    await openApp(page);
    await pick(page, /^Deploy/);
    await runWithJson(page, { environment: "staging", stepMs: 50 });
    await expect(inputCard(page, "Go live?")).toBeVisible();
    await axe("a task with its question");
    await inputCard(page, "Go live?").getByRole("button", { name: "Cancel", exact: true }).click();
    await openSettings(page);
    await axe("the settings dialog");
    await page.keyboard.press("Escape");
    await page.getByLabel("Step mode (hold each retry)").check();
    await pick(page, /^two-steps/);
    await run(page);
    await answerForm(page, "Name?", { Name: "Ada" });
    await expect(page.getByRole("article", { name: "Held retry" })).toBeVisible();
    await axe("a retry held in step mode");
    await page.getByLabel("Step mode (hold each retry)").uncheck();
    await page.goto("/?present&tool=greet");
    await expect(page.getByTestId("connection-status")).toHaveCount(0);
    await page.getByRole("button", { name: "Call tool", exact: true }).click();
    await expect(inputCard(page, "Who should I greet?")).toBeVisible();
    await axe("present mode with a question");
  });

  // Port 9 is one Chromium refuses to fetch, and it logs the refusal.
  test("a failed connection, then the sign-in steps of a protected server", { annotation: allowErrors(/^Failed to load resource: net::ERR_UNSAFE_PORT$/) }, async ({ page, axe: scan }) => {
    const axe = inBothThemes(page, scan);
    await openApp(page);
    await page.getByLabel("Server", { exact: true }).selectOption("url");
    // Not connected, the sidebar's own panels (canned answers, the mock model) are what is in view.
    await page.getByLabel("Server URL").fill("http://127.0.0.1:9/mcp");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("failed");
    await expect(page.getByRole("group", { name: "Auto-answer from canned answers" })).toBeInViewport();
    await axe("a failed connection, with the sidebar's panels in view");
    await page.getByLabel("Server URL").fill(DEMO_URL);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await axe("an HTTP target with sign-in off");
    await page.getByRole("checkbox", { name: /^Sign in/ }).check();
    await axe("sign-in on");
  });
});

/** Tab until `target` has the focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, name: RegExp, max = 250): Promise<void> {
  for (let i = 0; i < max; i++) {
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() : "";
    });
    if (name.test(focused)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`no focusable element named ${name} within ${max} Tab presses`);
}

test("keyboard only: greet, two-steps and a task", async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page);
  await useRevision(page, "2026-07-28");
  // greet: the palette finds it; Ctrl+Enter runs it; the question's field has the focus; Enter accepts.
  await page.locator("body").click({ position: { x: 1, y: 1 } }).catch(() => undefined);
  await tabTo(page, /^greet/);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+Enter");
  await expect(inputCard(page, "Who should I greet?").getByRole("textbox")).toBeFocused();
  await page.keyboard.type("Ada");
  await page.keyboard.press("Enter");
  await expect(result(page)).toContainText("Hello, Ada!");
  // two-steps: two questions answered with the keyboard alone.
  await tabTo(page, /^two-steps/);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+Enter");
  await expect(inputCard(page, "Name?").getByLabel("Name", { exact: true })).toBeFocused();
  await page.keyboard.type("Ada");
  await page.keyboard.press("Enter");
  await expect(inputCard(page, "Color?").getByLabel("Color", { exact: true })).toBeFocused();
  await page.keyboard.type("blue");
  await page.keyboard.press("Enter");
  await expect(result(page)).toContainText("Ada likes blue");
  // A task: deploy asks where, then "Go live?"; Escape on the last question cancels it, in words.
  await tabTo(page, /^Deploy/);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+Enter");
  const where = inputCard(page, "Where should this deployment go?");
  await expect(where.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(where.getByRole("combobox")).not.toHaveValue("");
  await tabTo(page, /^Accept$/);
  await page.keyboard.press("Enter");
  const golive = inputCard(page, "Go live?");
  await expect(golive).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => golive.evaluate((c) => c.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(result(page).or(page.getByTestId("call-view").getByRole("alert"))).toContainText(/stopped: the user cancelled \(Go live\?\)/, { timeout: 20_000 });
});
