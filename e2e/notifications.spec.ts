import { expect, test } from "./support/test";
import { callView, catalog, openApp, pick, result, run, runWithJson, useRevision } from "./support/app";
import { qaPanel, wireRows } from "./support/qa";

for (const revision of ["2026-07-28", "2025-11-25"]) {
  test.describe(revision, () => {
    test.beforeEach(async ({ page }) => {
      await openApp(page);
      await useRevision(page, revision);
    });

    test("progress and log messages show on the call they belong to", async ({ page }) => {
      await pick(page, /^Countdown/);
      await runWithJson(page, { steps: 3, delayMs: 500 });
      const notes = callView(page).getByRole("region", { name: "Notifications" });
      // While it runs: part of the way there.
      await expect(notes.getByTestId("progress-text")).toHaveText(/^[12] \/ 3 · step [12] of 3$/);
      await expect(callView(page).getByTestId("call-status")).toHaveText("running");
      await expect(result(page)).toContainText("Counted 3 steps.");
      await expect(notes.getByTestId("progress-text")).toHaveText("3 / 3 · step 3 of 3");
      await expect(notes.getByLabel("Progress")).toHaveAttribute("value", "3");
      // Logs at "info" and above: the debug lines are not sent.
      const logs = notes.getByRole("list", { name: "Log messages" }).getByRole("listitem");
      await expect(logs).toHaveText([/countdown of 3 started/, /step 1 of 3 done/, /step 2 of 3 done/, /step 3 of 3 done/]);

      // Another call has none of them.
      await pick(page, /^Echo/);
      await runWithJson(page, { message: "hi" });
      await expect(result(page)).toContainText("hi");
      await expect(callView(page).getByRole("region", { name: "Notifications" })).toHaveCount(0);
    });

    test("with logs off, progress still shows but no log is sent", async ({ page }) => {
      await qaPanel(page).getByLabel("Log level").selectOption("off");
      await pick(page, /^Countdown/);
      await runWithJson(page, { steps: 1, delayMs: 0 });
      await expect(result(page)).toContainText("Counted 1 steps.");
      const notes = callView(page).getByRole("region", { name: "Notifications" });
      await expect(notes.getByTestId("progress-text")).toHaveText("1 / 1 · step 1 of 1");
      await expect(notes.getByRole("list", { name: "Log messages" })).toHaveCount(0);
    });

    test("a list_changed notification refreshes the tool list", async ({ page }) => {
      const tools = catalog(page).getByRole("tab", { name: /^Tools/ });
      // However many tools the demo has, the extra one adds one and takes it away again.
      await expect(tools).toHaveText(/^Tools \(\d+\)$/);
      const listed = Number(/\((\d+)\)/.exec((await tools.textContent()) ?? "")?.[1]);
      await pick(page, /^Toggle extra tool/);
      await run(page);
      await expect(result(page)).toContainText("extra-tool added");
      await expect(catalog(page).getByRole("button", { name: /^Extra tool/ })).toBeVisible();
      await expect(tools).toHaveText(`Tools (${listed + 1})`);
      await run(page);
      await expect(result(page)).toContainText("extra-tool removed");
      await expect(catalog(page).getByRole("button", { name: /^Extra tool/ })).toHaveCount(0);
      if (revision === "2026-07-28") {
        // One subscription per connection (the revision switch made a second one).
        await expect((await wireRows(page, "subscriptions/listen", "out")).first()).toBeVisible();
        await expect(await wireRows(page, "notifications/tools/list_changed", "in")).toHaveCount(2);
      }
    });
  });
}
