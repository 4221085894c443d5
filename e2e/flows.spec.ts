import { expect, test } from "./support/test";
import { answerForm, callView, inputCard, openApp, pageErrors, pick, result, roundsPanel, run, useRevision, useTarget, type Target } from "./support/app";

// The seed's two flows, in both eras, through the embedded server and through the demo HTTP server.
for (const target of ["embedded", "http"] as Target[]) {
  for (const revision of ["2026-07-28", "2025-11-25"]) {
    test.describe(`${target} server, ${revision}`, () => {
      test.beforeEach(async ({ page }) => {
        await openApp(page);
        await useTarget(page, target);
        await useRevision(page, revision);
      });

      test("greet asks who, then greets", async ({ page }) => {
        await pick(page, /^greet/);
        await run(page);
        const card = inputCard(page, "Who should I greet?");
        await expect(card).toBeVisible();
        await expect(card.getByText(revision === "2026-07-28" ? /retry/ : /live server request/)).toBeVisible();
        await answerForm(page, "Who should I greet?", { name: "Ada" });
        await expect(result(page)).toContainText("Hello, Ada!");
        await expect(callView(page).getByTestId("call-status")).toHaveText("done");
        await expect(roundsPanel(page).getByLabel("Round 1")).toBeVisible();
        expect(pageErrors(page)).toEqual([]);
      });

      test("two-steps asks twice and keeps the name across rounds", async ({ page }) => {
        await pick(page, /^two-steps/);
        await run(page);
        await answerForm(page, "Name?", { Name: "Ada" });
        await answerForm(page, "Color?", { Color: "blue" });
        await expect(result(page)).toContainText("Ada likes blue");
        const rounds = roundsPanel(page);
        await expect(rounds.getByLabel("Round 2")).toBeVisible();
        if (revision === "2026-07-28") await expect(rounds).toContainText("requestState");
      });
    });
  }
}

test("a listed resource is shown as listed (its title, URI and description) and read", async ({ page }) => {
  await openApp(page);
  await pick(page, /^Read me/, "Resources");
  const panel = page.getByRole("region", { name: "Selected item" });
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Read me");
  await expect(panel.locator("header code")).toHaveText("demo://readme");
  await expect(panel).toContainText("A plain resource with no input");
  await run(page, "Read resource");
  await expect(result(page)).toContainText("Every tool here shows one way a server asks its client for input.");
  expect(pageErrors(page)).toEqual([]);
});
