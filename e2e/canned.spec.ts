import { expect, test, type Page } from "./support/test";
import { answerForm, inputCard, openApp, pageErrors, pick, result, roundsPanel, run, runWithJson, useRevision } from "./support/app";
import { qaPanel } from "./support/qa";

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

async function saveNext(page: Page, question: string | RegExp, name: string): Promise<void> {
  const card = inputCard(page, question);
  await card.getByRole("button", { name: "Save as canned answer…" }).click();
  await card.getByLabel("Canned answer name").fill(name);
}

test("an answer saved from the card answers by itself once auto-answer is on, and after a reload", async ({ page }) => {
  await pick(page, /^greet/);
  await run(page);
  await saveNext(page, "Who should I greet?", "Ada for greet");
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  await expect(qaPanel(page).getByRole("list", { name: "Canned answers" })).toContainText("Ada for greet");

  // Saved, but auto-answer is off: the user is asked again.
  await run(page);
  await inputCard(page, "Who should I greet?").getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(result(page)).toContainText("No name given");

  await qaPanel(page).getByLabel("Auto-answer forms").check();
  await run(page);
  await expect(result(page)).toContainText("Hello, Ada!");
  await expect(inputCard(page, "Who should I greet?")).toHaveCount(0);
  await expect(roundsPanel(page).getByTestId("auto-badge")).toHaveText("canned: Ada for greet");

  // Kept in localStorage: still there, still on, after a reload.
  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(qaPanel(page).getByLabel("Auto-answer forms")).toBeChecked();
  await pick(page, /^greet/);
  await run(page);
  await expect(result(page)).toContainText("Hello, Ada!");
  expect(pageErrors(page)).toEqual([]);
});

test("a five-round flow runs from canned answers without typing, in either era", async ({ page }) => {
  await pick(page, /^Setup wizard/);
  await run(page);
  const steps: [RegExp, string, (card: ReturnType<typeof inputCard>) => Promise<unknown>][] = [
    [/Step 1 of 5/, "wizard name", (c) => c.getByLabel("Name", { exact: true }).fill("Ada")],
    [/Step 2 of 5/, "wizard team", (c) => c.getByLabel("Team", { exact: true }).selectOption("platform")],
    [/Step 3 of 5/, "wizard role", (c) => c.getByLabel("Role", { exact: true }).fill("Engineer")],
    [/Step 4 of 5/, "wizard updates", async () => undefined],
    [/Step 5 of 5/, "wizard confirm", async () => undefined],
  ];
  for (const [question, name, fill] of steps) {
    await saveNext(page, question, name);
    const card = inputCard(page, question);
    await fill(card);
    await card.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(card).toHaveCount(0);
  }
  const done = "Account for Ada (Engineer, platform) created; weekly updates on.";
  await expect(result(page)).toContainText(done);

  await qaPanel(page).getByLabel("Auto-answer forms").check();
  for (const revision of ["2026-07-28", "2025-11-25"]) {
    await useRevision(page, revision);
    await pick(page, /^Setup wizard/);
    await run(page);
    await expect(result(page)).toContainText(done);
    await expect(roundsPanel(page).getByTestId("auto-badge")).toHaveCount(5);
    await expect(roundsPanel(page).getByLabel("Round 5")).toContainText("canned: wizard confirm");
  }

  // Switched off per kind: asked again.
  await qaPanel(page).getByLabel("Auto-answer forms").uncheck();
  await run(page);
  await expect(inputCard(page, /Step 1 of 5/)).toBeVisible();
});

test("the mock model answers sampling from its script, and only while it is on", async ({ page }) => {
  const qa = qaPanel(page);
  await qa.getByLabel("Mock model answers sampling").check();
  await qa.getByLabel("Mock model script").fill("/one sentence/i => Servers can ask their clients.\nA plain reply.");
  await pick(page, /^Summarize/);
  await runWithJson(page, { text: "MCP lets servers ask their clients for input." });
  await expect(result(page)).toContainText("Summary from mock-model: Servers can ask their clients.");
  await expect(roundsPanel(page).getByTestId("auto-badge")).toHaveText("mock model");

  await qa.getByLabel("Mock model answers sampling").uncheck();
  await run(page);
  await expect(inputCard(page, "Summarize in one sentence")).toBeVisible();
});
