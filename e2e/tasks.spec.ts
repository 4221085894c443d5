import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { answerForm, callView, closeSettings, inputCard, openApp, openSettings, pageErrors, pick, result, roundsPanel, run, runWithJson, useRevision } from "./support/app";
import { qaPanel } from "./support/qa";

// A call that becomes a task, in Chromium at 1280x800. The app takes tasks by
// default, so the demo's deploy and release run as tasks in both eras.

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

const ERAS = ["2026-07-28", "2025-11-25"] as const;

function taskCard(page: Page): Locator {
  return callView(page).getByTestId("task-card");
}

/** Says Yes to the required boolean field `label` on the card showing `question`, and accepts. */
async function confirm(page: Page, question: string | RegExp, label: string): Promise<void> {
  const card = inputCard(page, question);
  await expect(card).toBeVisible();
  await card.getByRole("radiogroup", { name: label }).getByRole("radio", { name: "Yes" }).check();
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(card).toHaveCount(0);
}

/** The statuses of the task's timeline, in order. */
async function timeline(page: Page): Promise<string[]> {
  const items = taskCard(page).getByRole("list", { name: "Task status over time" }).getByRole("listitem");
  return items.evaluateAll((els) => els.map((el) => el.getAttribute("data-status") ?? ""));
}

for (const revision of ERAS) {
  test(`deploy as a task, answered by hand (${revision})`, async ({ page }) => {
    await useRevision(page, revision);
    await pick(page, /^Deploy/);
    await runWithJson(page, { service: "web", stepMs: 150 });
    // Before the task exists: where to deploy, an ordinary input round.
    const where = inputCard(page, "Where should this deployment go?");
    await expect(where).toBeVisible();
    await expect(where.getByTestId("task-travel")).toHaveCount(0);
    await where.getByLabel("Environment", { exact: true }).selectOption("production");
    await where.getByRole("button", { name: "Accept", exact: true }).click();

    // The task: its card, then the question mid-task with the badge for how its answer travels.
    await expect(taskCard(page)).toBeVisible();
    const golive = inputCard(page, "web is staged on production. Go live?");
    await expect(golive).toBeVisible();
    await expect(golive.getByTestId("task-travel")).toContainText(revision === "2026-07-28" ? "tasks/update (2026-07-28)" : "live request on tasks/result (2025-11-25)");
    await expect(taskCard(page).getByTestId("task-status")).toHaveText("input required");
    await confirm(page, "Go live?", "Go live");

    await expect(result(page)).toContainText("Deployed web to production");
    await expect(taskCard(page).getByTestId("task-status")).toHaveText("completed");
    const statuses = await timeline(page);
    expect(statuses[0]).toBe("working");
    expect(statuses).toContain("input_required");
    expect(statuses[statuses.length - 1]).toBe("completed");
    await expect(taskCard(page).getByTestId("task-poll-summary")).toContainText(/\d+ polls?; next in \d+ ms/);
    await taskCard(page).getByTestId("task-poll-summary").click();
    await expect(taskCard(page).getByRole("table", { name: "Task polls" }).getByRole("row")).not.toHaveCount(1);
    await expect(taskCard(page).getByTestId("task-finished")).toContainText("Task ended completed");

    // The rounds panel and the wire log show the task's requests.
    const requests = roundsPanel(page).getByTestId("task-requests");
    await expect(requests).toContainText("tasks/get");
    await expect(requests).toContainText(revision === "2026-07-28" ? "tasks/update" : "tasks/result");
    const log = page.getByRole("region", { name: "Wire log" });
    await log.getByLabel("Filter frames").fill("tasks/get");
    await expect(log.getByRole("button", { name: /tasks\/get/ }).first()).toBeVisible();
    expect(pageErrors(page)).toEqual([]);
  });

  test(`deploy answered by a canned answer (${revision})`, async ({ page }) => {
    await useRevision(page, revision);
    await pick(page, /^Deploy/);
    await runWithJson(page, { environment: "staging", stepMs: 100 });
    const golive = inputCard(page, "web is staged on staging. Go live?");
    await expect(golive).toBeVisible();
    await golive.getByRole("button", { name: "Save as canned answer…" }).click();
    await golive.getByLabel("Canned answer name").fill("go live");
    await confirm(page, "Go live?", "Go live");
    await expect(result(page)).toContainText("Deployed web to staging");

    await qaPanel(page).getByLabel("Auto-answer forms").check();
    await run(page);
    await expect(taskCard(page)).toBeVisible();
    await expect(result(page)).toContainText("Deployed web to staging");
    await expect(inputCard(page, "Go live?")).toHaveCount(0);
    await expect(roundsPanel(page).getByTestId("auto-badge")).toHaveText("canned: go live");
    await expect(taskCard(page).getByTestId("task-status")).toHaveText("completed");
    expect(pageErrors(page)).toEqual([]);
  });
}

test("release: a task with two questions, one after the other", async ({ page }) => {
  await pick(page, /^Release/);
  await runWithJson(page, { stepMs: 100 });
  await expect(taskCard(page)).toBeVisible();
  await answerForm(page, "Which version is this release?", { Version: "1.2.0" });
  await confirm(page, "Publish the notes for 1.2.0?", "Publish");
  await expect(result(page)).toContainText("Released 1.2.0");
  await expect(roundsPanel(page).getByTestId("task-requests")).toContainText("tasks/update ×2");
  expect((await timeline(page)).filter((s) => s === "input_required")).toHaveLength(2);
});

test("Cancel mid-question: tasks/cancel goes out, the call ends cancelled, the page goes on", async ({ page }) => {
  await pick(page, /^Release/);
  await runWithJson(page, { stepMs: 100 });
  await expect(inputCard(page, "Which version is this release?")).toBeVisible();
  await taskCard(page).getByRole("button", { name: "Cancel task" }).click();
  await expect(callView(page).getByTestId("call-status")).toHaveText("failed");
  await expect(inputCard(page, "Which version is this release?")).toHaveCount(0);
  await expect(taskCard(page).getByTestId("task-cancel-sent")).toBeVisible();
  await expect(roundsPanel(page).getByTestId("task-requests")).toContainText("tasks/cancel");
  // The session is intact: greet runs in the same page.
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  expect(pageErrors(page)).toEqual([]);
});

test("a hostile task whose status goes backwards ends in words, and the page keeps working", async ({ page }) => {
  await page.getByLabel("Embedded server").selectOption("hostile");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, /^Task whose status goes backwards/);
  await run(page);
  const alert = callView(page).getByRole("alert");
  await expect(alert).toContainText("status went back from completed to working");
  await expect(taskCard(page).getByTestId("task-finished")).toContainText("a finished task cannot change");
  await pick(page, /^Task that asks to be polled every 0 ms/);
  await run(page);
  await expect(result(page)).toContainText("Done after a second of 0 ms polls");
  await expect(taskCard(page).getByTestId("task-poll-summary")).toContainText("the server asked 0 ms");
  expect(pageErrors(page)).toEqual([]);
});

test("the Tasks switch in Settings: off, deploy runs inline with no task card; on again, it is a task", async ({ page }) => {
  const settings = await openSettings(page);
  const box = settings.getByRole("checkbox", { name: "Tasks", exact: true });
  await expect(box).toBeChecked();
  await box.uncheck();
  await closeSettings(page);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, /^Deploy/);
  await runWithJson(page, { environment: "staging", stepMs: 50 });
  await confirm(page, "Go live?", "Go live");
  await expect(result(page)).toContainText("Deployed web to staging");
  await expect(taskCard(page)).toHaveCount(0);

  await (await openSettings(page)).getByRole("checkbox", { name: "Tasks", exact: true }).check();
  await closeSettings(page);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, /^Deploy/);
  await runWithJson(page, { environment: "staging", stepMs: 50 });
  await expect(taskCard(page)).toBeVisible();
  await confirm(page, "Go live?", "Go live");
  await expect(result(page)).toContainText("Deployed web to staging");
  expect(pageErrors(page)).toEqual([]);
});
