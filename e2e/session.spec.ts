import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test";
import { answerForm, openApp, pick, result, run, useRevision } from "./support/app";
import { DEMO_URL } from "./support/ports";

async function recordTwoCalls(page: Page): Promise<void> {
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  await pick(page, /^two-steps/);
  await run(page);
  await answerForm(page, "Name?", { Name: "Ada" });
  await answerForm(page, "Color?", { Color: "blue" });
  await expect(result(page)).toContainText("Ada likes blue");
}

async function exportSession(page: Page): Promise<{ path: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export session" }).click()]);
  const path = await download.path();
  return { path, text: readFileSync(path, "utf8") };
}

const TOKEN = /p2\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/;

test("record, export, import and replay against a changed server: the diff shows the change", async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page);
  await recordTwoCalls(page);
  const { path, text } = await exportSession(page);
  const file = JSON.parse(text) as { format: string; version: number; tokens: string; calls: unknown[]; frames: unknown[] };
  expect([file.format, file.version, file.tokens, file.calls.length]).toEqual(["presa-inspector-session", 1, "redacted", 2]);
  expect(file.frames.length).toBeGreaterThan(8);
  expect(text).not.toMatch(TOKEN);
  expect(text).toContain("[redacted]");

  // The same page, now serving the variant where two-steps asks and answers differently.
  await page.goto("/?demo-variant=changed");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await page.getByLabel("Import session").setInputFiles(path);
  const recording = page.getByRole("main", { name: "Recording" });
  await expect(recording.getByRole("region", { name: "Recording details" })).toContainText("tokens redacted");
  await expect(recording.getByTestId("result")).toContainText("Ada likes blue");
  await expect(recording.getByRole("region", { name: "Rounds" }).getByLabel("Round 2")).toContainText("Color?");
  await expect(page.getByRole("region", { name: "Wire log" })).toContainText("tools/call");

  await recording.getByRole("button", { name: "Replay against this server" }).click();
  const report = recording.getByRole("region", { name: "Replay report" });
  await expect(report.getByTestId("replay-summary")).toHaveText("1 of 2 replayed call(s) differ from the recording.");
  await expect(report.getByRole("article", { name: "Replay of tools/call greet" })).toContainText("same");
  const two = report.getByRole("article", { name: "Replay of tools/call two-steps" });
  await expect(two.getByLabel("Round 1 same")).toBeVisible();
  const round2 = two.getByLabel("Round 2 changed");
  await expect(round2.getByLabel("Input color changed")).toContainText("Color?");
  await expect(round2.getByLabel("Input color changed")).toContainText("Favourite color?");
  const outcome = two.getByLabel("Result changed");
  await expect(outcome.locator("del")).toHaveText("Ada likes blue");
  await expect(outcome.locator("ins")).toHaveText("Ada likes BLUE");

  await recording.getByRole("button", { name: "Close recording" }).click();
  await expect(page.getByRole("main", { name: "Recording" })).toHaveCount(0);
  // The replayed calls ran on the live connection, answered from the recording.
  await expect(page.getByRole("region", { name: "Rounds" }).getByTestId("auto-badge").first()).toHaveText("replayed");
});

test("tokens are kept only when asked, and a recording opens with no connection at all", async ({ page }) => {
  await openApp(page);
  await recordTwoCalls(page);
  await page.getByLabel("keep tokens").check();
  const { path, text } = await exportSession(page);
  expect(text).toMatch(TOKEN);
  expect(JSON.parse(text).tokens).toBe("kept");

  // A link to a URL waits for a click: "Not now" leaves the app unconnected.
  await page.goto(`/?target=${encodeURIComponent(DEMO_URL)}`);
  await page.getByRole("dialog", { name: "Connect from link" }).getByRole("button", { name: "Not now" }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("idle");
  await page.getByLabel("Import session").setInputFiles(path);
  const recording = page.getByRole("main", { name: "Recording" });
  await expect(recording.getByTestId("result")).toContainText("Ada likes blue");
  await expect(recording.getByRole("region", { name: "Rounds" })).toContainText("token chain intact");
  await expect(recording.getByRole("button", { name: "Replay against this server" })).toBeDisabled();
});

test("a file that is not a session is refused, with the reason", async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Import session").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"hello": "world"}') });
  await expect(page.getByRole("toolbar", { name: "QA and demos" }).getByRole("alert")).toContainText("notes.json: not a presa inspector session");
  await expect(page.getByRole("main", { name: "Recording" })).toHaveCount(0);
});

test("a replay on another revision names the field that differs and says only the envelope differs", async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page);
  await useRevision(page, "2025-11-25");
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Grace" });
  await expect(result(page)).toContainText("Hello, Grace!");
  const { path } = await exportSession(page);

  await useRevision(page, "2026-07-28");
  await page.getByLabel("Import session").setInputFiles(path);
  const recording = page.getByRole("main", { name: "Recording" });
  await recording.getByRole("button", { name: "Replay against this server" }).click();
  const report = recording.getByRole("region", { name: "Replay report" });
  const outcome = report.getByRole("article", { name: "Replay of tools/call greet" }).getByLabel("Result envelope only");
  // The text reads the same on both sides, so it is shown once, never as "Hello, Grace! → Hello, Grace!".
  await expect(outcome.locator("del")).toHaveCount(0);
  await expect(outcome).toContainText("Only protocol envelope fields differ");
  await expect(outcome.getByRole("list", { name: "Fields that differ" })).toHaveText('resultType: (absent) → "complete"');
});
