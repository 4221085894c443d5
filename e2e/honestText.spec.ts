import { expect, test } from "./support/test";
import { inputCard, openApp, pick, result, roundsPanel, run, runWithJson } from "./support/app";
import { failOnFailedLoads } from "./support/loads";

// Server text is shown honestly: hidden characters made visible and flagged, risky hosts named in words, long
// URLs collapsed with their buttons in view, and round words that match the protocol.

test.use({ viewport: { width: 1280, height: 800 } });

failOnFailedLoads();

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test("bidi controls and zero-width characters in server text are shown and flagged", async ({ page }, info) => {
  await pick(page, /^Hidden characters/);
  await run(page);
  const card = inputCard(page, "Approve the invoice");
  await expect(card.getByRole("note")).toContainText("hidden characters (U+202E right-to-left override, U+202C pop directional formatting, U+200B zero width space");
  await expect(card.getByRole("note")).toContainText("bidi controls that can make the text read differently");
  await expect(card.locator("p.server-text")).toHaveText("Approve the invoice ⟦U+202E⟧fdp.exe⟦U+202C⟧ from billing");
  await expect(card.getByLabel("Amo⟦U+200B⟧unt")).toBeVisible();
  await expect(card.getByRole("option", { name: "Pay ⟦U+2066⟧now⟦U+2069⟧" })).toHaveCount(1);
  await expect(card.getByText("What to pay⟦U+FEFF⟧")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: info.outputPath("hidden-text.png") });
  await card.getByLabel("How", { exact: true }).selectOption("now");
  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(result(page)).toContainText('Received: {"action":"accept","content":{"how":"now"}}');
});

for (const [kind, words] of [
  ["metadata", "This address is the cloud metadata service (169.254.169.254"],
  ["link-local", "This address (fe80::1) is link-local (fe80::/10)"],
  ["private", "This address (192.168.1.20) is private (RFC 1918)"],
  ["loopback", "This address (127.0.0.1) is loopback: this very computer."],
] as const) {
  test(`a ${kind} URL is named in words`, async ({ page }, info) => {
    await pick(page, /^Risky links/);
    await runWithJson(page, { kind });
    const card = inputCard(page, `Open this ${kind} link`);
    const warnings = card.getByRole("list", { name: "URL warnings" });
    await expect(warnings.getByRole("listitem").first()).toContainText(words);
    await expect(card.getByTestId("asking-server")).toContainText("presa demo server");
    if (kind === "metadata") {
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: info.outputPath("metadata-url.png") });
    }
    await card.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(result(page)).toContainText('Received: {"action":"decline"}');
  });
}

test("a 5,000-character URL is collapsed: host, warnings and buttons stay in view", async ({ page }, info) => {
  await page.addInitScript(() => {
    window.open = (() => null) as typeof window.open;
  });
  await page.reload();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, /^Risky links/);
  await runWithJson(page, { kind: "long" });
  const card = inputCard(page, "Open this long link");
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  expect(box?.height ?? 9999).toBeLessThan(420);
  const shown = (await card.getByTestId("url-text").innerText()).length;
  expect(shown).toBeLessThan(250);
  await expect(card.locator(".url-host-line")).toContainText("Site: example.com");
  await expect(card.getByRole("list", { name: "URL warnings" })).toContainText("The URL is very long");
  for (const name of ["Open in new tab", "Decline", "Cancel"]) await expect(card.getByRole("button", { name, exact: true })).toBeInViewport();
  await page.screenshot({ path: info.outputPath("long-url.png") });
  await card.getByText(/^Show the whole URL \(5,0\d\d characters\)$/).click();
  await expect(card.getByLabel("The whole URL")).toContainText("state=xxxx");
  // Expanded, the whole URL scrolls inside its own short box: the card grows by a few lines only.
  expect((await card.boundingBox())?.height ?? 9999).toBeLessThan((box?.height ?? 0) + 200);
  await card.getByRole("button", { name: "Open in new tab" }).click();
  await card.getByRole("button", { name: "I'm done" }).click();
  await expect(result(page)).toContainText('Received: {"action":"accept"}');
});

test("the rounds panel calls the first request the original call and counts requests when done", async ({ page }, info) => {
  await pick(page, /^two-steps/);
  await run(page);
  const name = inputCard(page, "Name?");
  await name.getByLabel("Name", { exact: true }).fill("Ada");
  await name.getByRole("button", { name: "Accept", exact: true }).click();
  const color = inputCard(page, "Color?");
  await color.getByLabel("Color", { exact: true }).fill("teal");
  await color.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(result(page)).toContainText("Ada likes teal");
  const rounds = roundsPanel(page);
  await expect(rounds.getByRole("listitem", { name: "Round 1" }).getByTestId("round-origin")).toHaveText("original call");
  await expect(rounds.getByRole("listitem", { name: "Round 2" }).getByTestId("round-origin")).toHaveText("after retry 1");
  await expect(rounds).toContainText("Complete after 2 rounds of input and 3 requests (the original call and 2 retries)");
  await expect(rounds).not.toContainText("not retried yet");
  await rounds.screenshot({ path: info.outputPath("rounds.png") });
});
