import { expect, test } from "./support/test";
import { answerForm, callView, openApp, pageErrors, pick, result, run, useRevision } from "./support/app";

// The call history is the page's, not the connection's: a reconnect on another revision keeps every
// earlier call with its own target and revision, and each one still opens with its own result.
test("the history keeps every call across a reconnect, each with its revision", async ({ page }) => {
  await openApp(page);
  await useRevision(page, "2026-07-28");
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");

  await useRevision(page, "2025-11-25");
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Grace" });
  await expect(result(page)).toContainText("Hello, Grace!");

  const history = page.locator(".call-history");
  await expect(history.locator("summary")).toContainText("Calls (2");
  const rows = history.getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("tools/call greet 2025-11-25");
  await expect(rows.nth(1)).toContainText("tools/call greet 2026-07-28");

  await rows.nth(1).getByRole("button").click();
  await expect(result(page)).toContainText("Hello, Ada!");
  await expect(callView(page)).toContainText("2026-07-28");
  await rows.nth(0).getByRole("button").click();
  await expect(result(page)).toContainText("Hello, Grace!");
  expect(pageErrors(page)).toEqual([]);
});
