import { expect, test } from "./support/test";
import { answerForm, openApp, pick, result } from "./support/app";

// Several sessions in one page, each with its own connection and revision, and "Run on both": the
// same call with the same answers on two sessions, then the per-round difference between them.
test("two sessions on the demo server at two revisions; Run on both on two-steps shows the per-round difference", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2026-07-28");
  await page.getByRole("button", { name: "Sessions side by side" }).click();
  const panel = page.getByRole("region", { name: "Sessions" });
  await panel.getByRole("button", { name: "+ Session" }).click();
  const second = panel.getByRole("listitem", { name: "Session 2" });
  await expect(second.getByTestId("session-2-status")).toHaveText("connected");
  await expect(second.locator(".badge")).toHaveText("2025-11-25");
  // Its own connection: a third session at yet another revision, then closed again.
  await panel.getByRole("button", { name: "+ Session" }).click();
  const third = panel.getByRole("listitem", { name: "Session 3" });
  await third.getByLabel("Session 3 revision").selectOption("2025-06-18");
  await expect(third.locator(".badge")).toHaveText("2025-06-18");
  await third.getByRole("button", { name: "Close session 3" }).click();
  await expect(third).toHaveCount(0);

  await pick(page, /^two-steps/);
  await panel.getByRole("button", { name: "Run on both" }).click();
  // The user answers on session 1; session 2 gets the same answers by itself.
  await answerForm(page, "Name?", { Name: "Ada" });
  await answerForm(page, "Color?", { Color: "blue" });
  await expect(result(page)).toContainText("Ada likes blue");
  const diff = panel.getByRole("region", { name: "Run on both: difference" });
  await expect(diff).toContainText("Session 1 (2026-07-28) against session 2 (2025-11-25)");
  await expect(diff.getByLabel(/^Input name /)).toBeVisible();
  await expect(diff.getByLabel(/^Input color /)).toBeVisible();
  // Session 2 ran the call itself: its own calls and frames.
  await expect(second).toContainText("1 call(s)");
  await page.screenshot({ path: test.info().outputPath("sessions.png") });
});

test("a side session shows its own frames and rounds, not the live session's", async ({ page, axe }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await page.getByRole("button", { name: "Sessions side by side" }).click();
  const panel = page.getByRole("region", { name: "Sessions" });
  await panel.getByRole("button", { name: "+ Session" }).click();
  const second = panel.getByRole("listitem", { name: "Session 2" });
  await expect(second.getByTestId("session-2-status")).toHaveText("connected");
  await second.getByRole("button", { name: "Show its frames and rounds" }).click();
  const rounds = second.getByRole("region", { name: "Session 2 rounds" });
  const frames = second.getByRole("region", { name: "Session 2 frames" });
  await expect(rounds).toContainText("No calls on session 2 yet.");
  // Its own frames from the start: the initialize handshake of 2025-11-25, which session 1 (2026-07-28) never sent.
  await expect(frames.getByRole("button", { name: /initialize/ }).first()).toBeVisible();
  const liveWire = page.getByRole("region", { name: "Frames on the wire" });
  await expect(liveWire.getByRole("button", { name: /\binitialize\b/ })).toHaveCount(0);

  await pick(page, /^two-steps/);
  await panel.getByRole("button", { name: "Run on both" }).click();
  await answerForm(page, "Name?", { Name: "Ada" });
  await answerForm(page, "Color?", { Color: "blue" });
  await expect(panel.getByRole("region", { name: "Run on both: difference" })).toBeVisible();
  // The side session's rounds: its own call of two-steps, 2025-11-25 live requests answered by the replay.
  await expect(rounds.getByLabel("Call")).toContainText("tools/call two-steps");
  await expect(rounds.getByRole("region", { name: "Rounds" })).toContainText("two-steps");
  await expect(rounds.getByRole("region", { name: "Rounds" })).toContainText(/live request #s1.*replayed.*live request #s2.*replayed/);
  await expect(frames.getByRole("button", { name: /elicitation\/create/ }).first()).toBeVisible();
  // The live session's rounds are its own (2026-07-28 retries, no live requests).
  const liveRounds = page.getByRole("region", { name: "Rounds" }).last();
  await expect(liveRounds).toContainText("two-steps");
  await expect(liveRounds).not.toContainText(/live request|replayed/);
  await page.screenshot({ path: test.info().outputPath("side-session-views.png") });
  await axe("a side session's frames and rounds", { allowModerate: true });

  await second.getByRole("button", { name: "Hide its frames and rounds" }).click();
  await expect(rounds).toHaveCount(0);
});
