import type { RunningHttpServer } from "../src/server/http/handler";
import { expect, test, type Page } from "./support/test";
import { callView, inputCard, openApp, pick, result, run, runWithJson, useRevision } from "./support/app";
import { startAskServer } from "./support/askServer";
import { SIZES, expectAnswerButtonsInView, expectFocusInView, expectInView } from "./support/inView";

// Whatever a server sends, the focused field and the answer buttons are in view without scrolling when
// a question arrives and while the user tabs through it, at 1024, 1280 and 1440 wide and 768 high, with
// the connection bar on one line. The questions come from a server the app never saw (support/askServer).

// Each test opens its own page and session on the ask server (one server per worker, started below),
// so the file's fifteen tests may run on several workers at once: on one, it was the suite's long pole.
test.describe.configure({ mode: "parallel" });

let ask: RunningHttpServer;
test.beforeAll(async () => {
  ask = await startAskServer();
});
test.afterAll(async () => {
  await ask?.close();
});

const LONG_MESSAGE = Array.from({ length: 160 }, (_, i) => `Sentence ${i + 1} of a long message from the server.`).join(" ").slice(0, 10_000).padEnd(10_000, ".");
const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, { type: "string", title: `Field ${i}`, description: i % 7 === 0 ? "A description that takes a line of its own under the title." : undefined }]));

async function connectToAsk(page: Page): Promise<void> {
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(ask.url);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

async function askWith(page: Page, args: Record<string, unknown>): Promise<void> {
  await pick(page, /^Ask what the arguments say/);
  await runWithJson(page, args);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: 120_000 });

    test("the connection bar is one line with an HTTP URL", async ({ page }) => {
      await openApp(page);
      await connectToAsk(page);
      const bar = page.locator(".connection-bar");
      const tops = await bar.locator(".connection-row > *:visible, .target > *:visible, .url-form > *:visible").evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== "contents" && e.getBoundingClientRect().height > 0).map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)));
      expect(Math.max(...tops) - Math.min(...tops), `every control of the bar on one line (centres at ${tops.join(", ")})`).toBeLessThanOrEqual(8);
      expect((await bar.boundingBox())?.height ?? 999).toBeLessThanOrEqual(48);
      for (const name of ["Server URL", "Revision"]) await expectInView(page, page.getByLabel(name, { exact: true }), name);
      for (const name of ["Connect", "Reconnect", "Settings"]) await expectInView(page, page.getByRole("button", { name, exact: true }), name);
    });

    test("a 10,000-character message and 200 fields: collapsed message, first field focused, buttons in view, and every field in view as the user tabs", async ({ page }) => {
      await openApp(page);
      await connectToAsk(page);
      await askWith(page, { message: LONG_MESSAGE, schema: { type: "object", properties: fields(200), required: ["field0", "field199"] } });
      const card = inputCard(page, "Sentence 1 of a long message");
      await expect(card.getByLabel("Field 0", { exact: true })).toBeFocused();
      await expectFocusInView(page, "on arrival");
      await expectAnswerButtonsInView(page, card, "on arrival");
      // The message is collapsed, with the whole of it one press away.
      const more = card.getByRole("button", { name: "Show all of the message (10,000 characters)" });
      await expectInView(page, more, "Show all");
      for (let i = 1; i <= 40; i++) {
        await page.keyboard.press("Tab");
        await expect(card.getByLabel(`Field ${i}`, { exact: true })).toBeFocused();
        await expectFocusInView(page, `after ${i} Tab(s)`);
      }
      await expectAnswerButtonsInView(page, card, "after tabbing");
      // Opening the whole message keeps the buttons in view: it scrolls in a box of its own.
      await more.click();
      await expect(card.getByRole("region", { name: "The whole message" })).toContainText("Sentence 160");
      await expectAnswerButtonsInView(page, card, "with the whole message open");
    });

    test("three cards at once and a long option list: the first card's field and buttons are in view", async ({ page }) => {
      await openApp(page);
      await connectToAsk(page);
      const options = Array.from({ length: 300 }, (_, i) => `option-${i}`);
      await askWith(page, {
        message: LONG_MESSAGE.slice(0, 3000),
        copies: 3,
        schema: { type: "object", properties: { pick: { type: "string", title: "Pick one", enum: options }, many: { type: "array", title: "Pick several", items: { type: "string", enum: options.slice(0, 40) } }, note: { type: "string", title: "Note" } }, required: ["pick"] },
      });
      const first = page.getByRole("article", { name: "Input request q1" });
      await expect(first.getByLabel("Pick one", { exact: true })).toBeFocused();
      await expectFocusInView(page, "on arrival");
      await expectAnswerButtonsInView(page, first, "the first of three");
      // Tabbing on through the card keeps each focused control in view.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        await expectFocusInView(page, `after ${i + 1} Tab(s)`);
      }
    });

    test("weather-agent round 2: the reply box arrives focused, in view, not under the bar", async ({ page }) => {
      await openApp(page);
      await page.getByRole("button", { name: "Settings" }).click();
      const settings = page.getByRole("dialog", { name: "Connection settings" });
      await settings.getByRole("checkbox", { name: "Sampling with tools" }).check();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("connection-status")).toHaveText("connected");
      await pick(page, /^Weather agent/);
      await run(page);
      const first = inputCard(page, "What is the weather in Paris");
      await first.getByRole("radio", { name: "Tool use" }).check();
      await first.getByRole("listitem", { name: "Tool use 1" }).getByRole("textbox", { name: "city" }).fill("Paris");
      await first.getByRole("button", { name: "Send tool use" }).click();
      const second = inputCard(page, "server ran it");
      await expect(second.getByLabel("Reply text")).toBeVisible();
      await expect.poll(() => second.evaluate((card) => card.contains(document.activeElement) && card !== document.activeElement)).toBe(true);
      await expectFocusInView(page, "round 2 on arrival");
      await expectInView(page, second.getByLabel("Reply text"), "round 2's reply box");
      await expectAnswerButtonsInView(page, second, "round 2");
      await second.getByLabel("Reply text").fill("18°C and light rain.");
      await second.getByRole("button", { name: "Send reply" }).click();
      await expect(result(page)).toContainText("18°C and light rain.");
    });

    test("two -32042 URL cards (2025-11-25): both cards' buttons are in view without a scroll", async ({ page }) => {
      await openApp(page);
      await useRevision(page, "2025-11-25");
      await pick(page, /^Link services \(-32042/);
      await run(page);
      for (const which of ["GitHub", "Calendar"]) {
        const card = inputCard(page, `Link your ${which} account`);
        await expect(card).toBeVisible();
        await expectAnswerButtonsInView(page, card, `the ${which} card`);
      }
      await expectFocusInView(page, "on arrival");
      await expect(callView(page)).toBeVisible();
      // The room came from the wire log, folded for the question only: it opens again once answered.
      const toggle = page.getByRole("button", { name: /Wire log/ });
      await expect(page.getByText("folded while a question waits")).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      for (const which of ["GitHub", "Calendar"]) await inputCard(page, `Link your ${which} account`).getByRole("button", { name: "Decline" }).click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
    });
  });
}
