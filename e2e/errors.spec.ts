import { expect, test } from "./support/test";
import { answerForm, callView, inputCard, openApp, pageErrors, pick, result, roundsPanel, run, runWithJson, setCapability, useRevision } from "./support/app";

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test("switching sampling off makes the server refuse with -32021 (2026-07-28)", async ({ page }) => {
  await setCapability(page, "Sampling", "off");
  await pick(page, /^Summarize/);
  await runWithJson(page, { text: "anything" });
  const alert = callView(page).getByRole("alert");
  await expect(alert).toContainText("-32021 Missing client capability");
  await expect(alert).toContainText("sampling");
  await expect(callView(page).getByTestId("call-status")).toHaveText("failed");
});

test("switching sampling off gives an isError result on an initialize-era session", async ({ page }) => {
  await useRevision(page, "2025-11-25");
  await setCapability(page, "Sampling", "off");
  await pick(page, /^Summarize/);
  await runWithJson(page, { text: "anything" });
  await expect(result(page)).toContainText("Tool error (isError)");
  await expect(result(page)).toContainText("sampling");
});

test("a capability declared without a handler fails the call as unsupported", async ({ page }) => {
  await setCapability(page, "Roots", "declared");
  await pick(page, /^List workspace/);
  await run(page);
  await expect(callView(page).getByRole("alert")).toContainText("Declared but not handled");
});

test("a tampered token in step mode is refused with -32602", async ({ page }) => {
  await page.getByLabel("Step mode (hold each retry)").check();
  await pick(page, /^two-steps/);
  await run(page);
  await answerForm(page, "Name?", { Name: "Ada" });
  const held = page.getByRole("article", { name: "Held retry" });
  const token = held.getByLabel("Request state");
  const original = await token.inputValue();
  expect(original).toMatch(/^p2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  // Flip one character of the payload: the MAC no longer matches.
  const i = original.indexOf(".") + 5;
  await token.fill(original.slice(0, i) + (original[i] === "A" ? "B" : "A") + original.slice(i + 1));
  await expect(held).toContainText("edited");
  await held.getByRole("button", { name: "Send retry" }).click();
  const alert = callView(page).getByRole("alert");
  await expect(alert).toContainText("-32602 Request state refused");
  await expect(alert).toContainText("signature");
  expect(pageErrors(page)).toEqual([]);
});

test("an untouched held retry goes through with the token byte for byte", async ({ page }) => {
  await page.getByLabel("Step mode (hold each retry)").check();
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  const held = page.getByRole("article", { name: "Held retry" });
  await expect(held.getByLabel("Input responses (JSON)")).toHaveValue(/"Ada"/);
  await held.getByRole("button", { name: "Send retry" }).click();
  await expect(result(page)).toContainText("Hello, Ada!");
});

for (const revision of ["2026-07-28", "2025-11-25"]) {
  test(`the round cap stops a tool that never stops asking (${revision})`, async ({ page }) => {
    await useRevision(page, revision);
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Round cap").fill("3");
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await page.keyboard.press("Escape");
    await pick(page, /^Never done/);
    await run(page);
    for (const n of [1, 2, 3]) {
      const card = inputCard(page, `Round ${n}: one more?`);
      await card.getByRole("button", { name: "Accept", exact: true }).click();
    }
    const alert = callView(page).getByRole("alert");
    await expect(alert).toContainText("Round cap reached");
    await expect(roundsPanel(page).getByLabel("Round 3")).toBeVisible();
  });
}

test("switching the revision reconnects, shows the negotiated revision and keeps the place", async ({ page }) => {
  await pick(page, /^Echo/);
  await page.getByRole("button", { name: "JSON", exact: true }).click();
  await page.getByLabel("Arguments (JSON)").fill('{"message": "still here"}');
  for (const [pick_, shown, era] of [
    ["2025-06-18", "2025-06-18", /initialize era/],
    ["2024-11-05", "2024-11-05", /initialize era/],
    ["auto", "2026-07-28", /2026 era/],
  ] as const) {
    await useRevision(page, pick_, shown);
    await expect(page.getByTestId("negotiated-era")).toHaveText(era);
    await expect(page.getByRole("region", { name: "Selected item" })).toContainText("Echo");
  }
  // The draft survives the reconnects (the form view shows it after each remount).
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("still here");
  await run(page);
  await expect(result(page)).toContainText("still here");
});
