import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { answerForm, callView, closeSettings, inputCard, openApp, openSettings, pageErrors, pick, result, run, useRevision } from "./support/app";

// Client-side tasks, argument completions and resource subscriptions against the embedded demo
// server, in Chromium at 1280x800.

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  // Each test switches revision, waits on the server's polls (1 s apart) and runs several calls: a busy 2-core machine needs longer than the default.
  test.setTimeout(120_000);
  await openApp(page);
});

function clientTask(page: Page): Locator {
  return callView(page).getByTestId("client-task-card").getByTestId("client-task");
}

function suggestions(page: Page, field: string): Locator {
  return page.getByRole("group", { name: `Suggestions for ${field}` });
}

test("client-side tasks: the switch, a question the server asks as a task and polls, answered later", async ({ page }) => {
  await useRevision(page, "2025-11-25");
  const settings = await openSettings(page);
  const toggle = settings.getByLabel("Client-side tasks");
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(settings).toContainText("Declares tasks.requests for elicitation and sampling");
  await closeSettings(page);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");

  await pick(page, /^greet/);
  await run(page);
  const card = inputCard(page, "Who should I greet?");
  await expect(card).toBeVisible();
  // The server holds a task, not an open request: it polls while the question waits.
  await expect(clientTask(page)).toHaveAttribute("data-status", "working");
  await expect(clientTask(page).getByTestId("client-task-served")).toContainText("tasks/get");
  await page.screenshot({ path: "test-results/client-task-waiting.png" });
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  await expect(clientTask(page).getByTestId("client-task-status")).toHaveText("completed");
  await expect(clientTask(page).getByTestId("client-task-served")).toContainText("tasks/result ×1");
  const log = page.getByRole("region", { name: "Wire log" });
  await log.getByLabel("Filter frames").fill("tasks/result");
  await expect(log.getByRole("button", { name: /tasks\/result/ }).first()).toBeVisible();
  expect(pageErrors(page)).toEqual([]);
});

for (const revision of ["2026-07-28", "2025-11-25"] as const) {
  test(`completions in the argument form: the second argument narrowed by the first (${revision})`, async ({ page }) => {
    await useRevision(page, revision);
    await pick(page, /^Team lead/, "Prompts");
    const department = page.getByLabel("department", { exact: true });
    await department.fill("S");
    await expect(suggestions(page, "department").getByRole("button")).toHaveText(["Sales", "Support"]);
    await suggestions(page, "department").getByRole("button", { name: "Sales" }).click();
    await expect(department).toHaveValue("Sales");
    await page.getByLabel("member", { exact: true }).focus();
    await expect(suggestions(page, "member").getByRole("button")).toHaveText(["David", "Eve", "Frank"]);
    await page.screenshot({ path: "test-results/completions.png" });
    await suggestions(page, "member").getByRole("button", { name: "Eve" }).click();
    await run(page, "Get prompt");
    await expect(result(page)).toContainText("Please make Eve the lead of the Sales team.");

    await pick(page, /^Greeting for a name/, "Resources");
    await page.getByLabel("name", { exact: true }).fill("a");
    await expect(suggestions(page, "name").getByRole("button")).toHaveText(["Ada", "Alan"]);
    const sent = page.getByRole("region", { name: "Wire log" });
    await sent.getByLabel("Filter frames").fill("completion/complete");
    await expect(sent.getByRole("button", { name: /completion\/complete/ }).first()).toBeVisible();
    expect(pageErrors(page)).toEqual([]);
  });

  test(`subscribe to a resource, hear it updated, re-read it (${revision})`, async ({ page }) => {
    await useRevision(page, revision);
    await pick(page, /^Counter/, "Resources");
    const bar = page.getByRole("group", { name: "Resource subscription" });
    await bar.getByRole("button", { name: "Subscribe to updates" }).click();
    await expect(bar.getByTestId("watch-status")).toHaveText(`Subscribed (${revision === "2026-07-28" ? "subscriptions/listen" : "resources/subscribe"}). No update yet.`);

    await pick(page, /^Bump the counter/, "Tools");
    await run(page);
    await expect(result(page)).toContainText("count is now 1");

    await pick(page, /^Counter/, "Resources");
    await expect(bar.getByTestId("watch-status")).toContainText("Updated 1 time on the server.");
    await expect(bar.getByTestId("resource-updated")).toBeVisible();
    await page.screenshot({ path: "test-results/resource-updated.png" });
    await bar.getByRole("button", { name: "Re-read" }).click();
    await expect(result(page)).toContainText("count: 1");

    await bar.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(bar.getByTestId("watch-status")).toContainText("Not subscribed");
    expect(pageErrors(page)).toEqual([]);
  });
}
