import { expect, test } from "./support/test";
import { callView, inputCard, openApp, pageErrors, pick, result, run, runWithJson, useRevision } from "./support/app";

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test("decline and cancel give distinct results", async ({ page }) => {
  await pick(page, /^Survey/);
  await run(page);
  await inputCard(page, "A short survey").getByRole("button", { name: "Decline", exact: true }).click();
  await expect(result(page)).toContainText("Survey declined");
  await run(page);
  await inputCard(page, "A short survey").getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(result(page)).toContainText("Survey cancelled");
});

test("the form validates before sending and previews the exact answer", async ({ page }) => {
  await pick(page, /^Survey/);
  await run(page);
  const card = inputCard(page, "A short survey");
  await expect(card.getByLabel("Preview of the answer")).toContainText('"name": "Ada"');
  await card.getByLabel("Your name", { exact: true }).fill("A");
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(card).toBeVisible(); // refused: too short, and editor is required
  await card.getByLabel("Your name", { exact: true }).fill("Grace");
  await card.getByLabel("Editor", { exact: true }).selectOption("emacs");
  await expect(card.getByLabel("Preview of the answer")).toContainText('"editor": "emacs"');
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(result(page)).toContainText('"name": "Grace"');
});

test("a URL elicitation shows the link and opens it only on a click, with noopener", async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { openCalls: unknown[] }).openCalls = calls;
    window.open = ((url?: string | URL, target?: string, features?: string) => {
      calls.push({ url: String(url), target, features });
      return null;
    }) as typeof window.open;
  });
  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, /^Connect an account/);
  await run(page);
  const card = inputCard(page, "Sign in to Example Cloud");
  await expect(card).toContainText("https://auth.example.com/authorize");
  await expect(card.getByText("example.com", { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { openCalls: unknown[] }).openCalls)).toEqual([]);
  await card.getByRole("button", { name: "Open in new tab" }).click();
  const calls = (await page.evaluate(() => (window as unknown as { openCalls: { url: string; features: string }[] }).openCalls));
  expect(calls).toHaveLength(1);
  expect(calls[0]?.url).toMatch(/^https:\/\/auth\.example\.com\/authorize\?client_id=presa-demo/);
  expect(calls[0]?.features).toContain("noopener");
  await card.getByRole("button", { name: "I'm done" }).click();
  await expect(result(page)).toContainText("Account linked");
});

for (const revision of ["2026-07-28", "2025-11-25"]) {
  test(`sampling and roots are answered from the UI (${revision})`, async ({ page }) => {
    await useRevision(page, revision);
    await pick(page, /^Summarize/);
    await runWithJson(page, { text: "MCP lets servers ask their clients for input." });
    const sampling = inputCard(page, "Summarize in one sentence");
    await expect(sampling).toContainText("MCP lets servers ask");
    await sampling.getByLabel("Reply text").fill("Servers can ask clients for input.");
    await sampling.getByRole("button", { name: "Send reply" }).click();
    await expect(result(page)).toContainText("Servers can ask clients for input.");

    await pick(page, /^List workspace/);
    await run(page);
    const roots = page.getByRole("article", { name: /^Input request / });
    await roots.getByLabel("Root 2 URI").fill("file:///srv/data");
    await roots.getByRole("button", { name: "Send roots" }).click();
    await expect(result(page)).toContainText("file:///srv/data");
    await expect(callView(page).getByTestId("call-status")).toHaveText("done");
    expect(pageErrors(page)).toEqual([]);
  });
}
