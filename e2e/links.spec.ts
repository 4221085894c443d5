import { expect, test } from "./support/test";
import { callView, useRevision, openApp, pick } from "./support/app";
import { DEMO_URL } from "./support/ports";
import { clipboardText, expectConnected, itemHeading, wireRows } from "./support/qa";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a link selects the embedded server, a revision and a tool, and runs nothing", async ({ page }) => {
  await page.goto("/?target=embedded&revision=2025-11-25&tool=greet");
  await expectConnected(page);
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2025-11-25");
  await expect(itemHeading(page)).toHaveText("greet");
  await expect(callView(page)).toHaveCount(0);
  await expect(await wireRows(page, "tools/call")).toHaveCount(0);
});

test("a link to a URL asks before connecting, and connects on the click", async ({ page }) => {
  const hits: string[] = [];
  const chunks: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(DEMO_URL)) hits.push(r.method());
    const chunk = /\/assets\/(remote|embedded)-[^/]*\.js$/.exec(r.url());
    if (chunk) chunks.push(chunk[1] as string);
  });
  await page.goto(`/?target=${encodeURIComponent(DEMO_URL)}&revision=2026-07-28&tool=echo`);
  const prompt = page.getByRole("dialog", { name: "Connect from link" });
  await expect(prompt).toContainText(`This link asks to connect to ${DEMO_URL}`);
  await expect(page.getByTestId("connection-status")).toHaveText("idle");
  await page.waitForTimeout(300);
  expect(hits).toEqual([]);
  // The HTTP transports are fetched ahead, so the click's request goes at once; the embedded servers are not needed.
  expect(chunks).toEqual(["remote"]);

  await prompt.getByRole("button", { name: "Connect", exact: true }).click();
  await expectConnected(page);
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2026-07-28");
  await expect(itemHeading(page)).toHaveText("Echo (no input)");
  expect(hits.length).toBeGreaterThan(0);
  await expect(callView(page)).toHaveCount(0);
  await expect(await wireRows(page, "tools/call")).toHaveCount(0);
});

test("Copy link carries the place, and opening it comes back to it", async ({ page }) => {
  await openApp(page);
  await useRevision(page, "2025-06-18");
  await pick(page, /^two-steps/);
  await page.getByRole("button", { name: "Copy a link to this tool and connection" }).click();
  const link = new URL(await clipboardText(page));
  expect(Object.fromEntries(link.searchParams)).toEqual({ target: "embedded", revision: "2025-06-18", tool: "two-steps" });
  await page.goto(link.href);
  await expectConnected(page);
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2025-06-18");
  await expect(itemHeading(page)).toHaveText("two-steps");
});

test("parameters a link may not carry are ignored, and said so", async ({ page }) => {
  await page.goto("/?target=javascript%3Aalert(1)&revision=1999-01-01");
  await expectConnected(page);
  const status = page.getByRole("status").filter({ hasText: "From the link" });
  await expect(status).toContainText("target ignored");
  await expect(status).toContainText("revision ignored");
  await status.getByRole("button", { name: "Dismiss" }).click();
  await expect(status).toHaveCount(0);
});
