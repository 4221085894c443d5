import { expect, test, type Locator, type Page } from "./support/test";
import { callView, inputCard, openApp, pick, result, roundsPanel, run, runWithJson, useRevision } from "./support/app";

// README "The other ways a server asks" in a real browser: -32042 rounds, completion notices,
// sampling with tools answered by hand, a standing roots list seen by the server, and icons.

// Console errors and uncaught errors fail each test (./support/test).
test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  // "Open in new tab" is recorded instead of opening a page on the internet.
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { openCalls: string[] }).openCalls = calls;
    window.open = ((url?: string | URL) => {
      calls.push(String(url));
      return null;
    }) as typeof window.open;
  });
  await openApp(page);
});

async function openSettings(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Connection settings" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Settings" }).click();
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Connection settings" })).toHaveCount(0);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

/** Opens a URL card's page (recorded by the stub) and says "I'm done". */
async function completeByHand(card: Locator): Promise<void> {
  await card.getByRole("button", { name: "Open in new tab" }).click();
  await card.getByRole("button", { name: "I'm done" }).click();
}

test("-32042: each URL is a card in its call, a 'URL required' round, and the call is retried once they are done (2025-11-25)", async ({ page }, info) => {
  await useRevision(page, "2025-11-25");
  await pick(page, /^Link services \(-32042/);
  await run(page);
  const github = inputCard(page, "Link your GitHub account");
  const calendar = inputCard(page, "Link your Calendar account");
  await expect(github).toBeVisible();
  await expect(calendar).toBeVisible();
  // Vetted like any URL card: the host stands out, nothing opened yet.
  await expect(github.locator(".url-full")).toContainText("https://github.example.com/login/oauth/authorize");
  await expect(github.getByTestId("completion-hint")).toContainText("notifications/elicitation/complete");
  // Nothing is answered for a -32042's URL: the card says the call goes again instead.
  await expect(github.locator(".badge.travel")).toHaveText("the call is sent again once done (-32042)");
  expect(await page.evaluate(() => (window as unknown as { openCalls: string[] }).openCalls)).toEqual([]);
  const rounds = roundsPanel(page);
  await expect(rounds.getByTestId("round-kind")).toHaveText("URL required");
  await expect(rounds).toContainText("This request requires linking two accounts first.");
  await expect(rounds.getByTestId("round-origin").first()).toHaveText("error -32042");
  await completeByHand(github);
  await expect(github).toHaveCount(0);
  await completeByHand(calendar);
  await expect(result(page)).toContainText("Linked GitHub and Calendar after -32042");
  const opened = await page.evaluate(() => (window as unknown as { openCalls: string[] }).openCalls);
  expect(opened.map((u) => new URL(u).host)).toEqual(["github.example.com", "calendar.example.com"]);
  // The retry: the original request again, with a new id.
  await expect(rounds).toContainText(/the original request sent again with a new id \(request #\S+\)/);
  await expect(rounds).toContainText("in 2 requests (the original call and 1 retry after -32042)");
  await page.screenshot({ path: info.outputPath("url-required.png") });
  await expect(callView(page).getByTestId("call-status")).toHaveText("done");
});

test("a completion notice closes the card: 'the server says this is done', and the call goes on", async ({ page }) => {
  await useRevision(page, "2025-11-25");
  await pick(page, /^Link services \(-32042/);
  await runWithJson(page, { notify: true, notifyAfterMs: 1500 });
  const github = inputCard(page, "Link your GitHub account");
  await expect(github).toBeVisible();
  // Nobody presses anything: the server's notices close both cards.
  await expect(github).toHaveCount(0, { timeout: 10_000 });
  const done = callView(page).getByTestId("server-completed");
  await expect(done).toHaveCount(2);
  await expect(done.first()).toContainText("the server says this is done");
  await expect(done.first()).toContainText("Link your GitHub account");
  await expect(result(page)).toContainText("Linked GitHub and Calendar after -32042");
  await expect(roundsPanel(page).getByTestId("completed-by-server")).toHaveCount(2);
});

test("a server asking for the same URLs again is stopped, in words", async ({ page }) => {
  await useRevision(page, "2025-11-25");
  await pick(page, /^Link services, asking forever/);
  // Completion notices answer each round at once, so the loop runs until the client stops it.
  await runWithJson(page, { notify: true, notifyAfterMs: 50 });
  const alert = callView(page).getByRole("alert");
  await expect(alert).toContainText("-32042 URL elicitation required", { timeout: 15_000 });
  await expect(alert).toContainText("keeps asking for the same URLs");
  await expect(callView(page).getByTestId("call-status")).toHaveText("failed");
  await expect(roundsPanel(page).getByTestId("round-kind")).toHaveCount(2);
});

test("on 2026-07-28 a -32042 is a protocol error, and URL cards keep I'm done and Cancel", async ({ page }) => {
  await useRevision(page, "2026-07-28");
  await pick(page, /^Link services \(-32042/);
  await run(page);
  const card = inputCard(page, "Link your GitHub account");
  await expect(card.getByTestId("completion-hint")).toHaveText("2026-07-28 has no completion notice: press “I'm done” when you have finished, or Cancel.");
  await expect(card.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Open in new tab" }).click();
  await expect(card.getByRole("button", { name: "I'm done" })).toBeVisible();
  await callView(page).getByRole("button", { name: "Cancel call" }).click();
  // The hostile server sends -32042 where it does not exist.
  await page.getByLabel("Embedded server").selectOption("hostile");
  await expect(page.locator(".server-info")).toContainText("presa-hostile");
  await useRevision(page, "2026-07-28");
  await pick(page, /^-32042 on any revision/);
  await run(page);
  const alert = callView(page).getByRole("alert");
  await expect(alert).toContainText("-32042 URL elicitation required");
  await expect(alert).toContainText("which 2026-07-28 removed");
  await expect(alert).toContainText("Sign in first.");
  await expect(inputCard(page, "Sign in.")).toHaveCount(0);
});

test("sampling with tools: the card shows the tools, the user answers with tool_use, then reads the conversation", async ({ page }, info) => {
  const settings = await openSettings(page);
  await settings.getByRole("checkbox", { name: "Sampling with tools" }).check();
  await closeSettings(page);
  await pick(page, /^Weather agent/);
  await run(page);
  let card = inputCard(page, "What is the weather in Paris");
  await expect(card.getByTestId("offered-tools")).toContainText("get_weather");
  await expect(card.getByTestId("offered-tools")).toContainText("get_time");
  await expect(card.getByTestId("tool-choice")).toContainText("auto");
  await card.getByRole("radio", { name: "Tool use" }).check();
  await expect(card.getByLabel("Tool for tool use 1")).toHaveValue("get_weather");
  // The asking server is named with its icon.
  await expect(card.getByTestId("asking-server").locator("img")).toBeVisible();
  // The arguments form comes from get_weather's inputSchema; a required field left empty is refused.
  await card.getByRole("button", { name: "Send tool use" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("listitem", { name: "Tool use 1" }).getByRole("textbox", { name: "city" }).fill("Paris");
  await card.getByRole("button", { name: "Add another tool use" }).click();
  await card.getByLabel("Tool for tool use 2").selectOption("get_time");
  await card.getByRole("listitem", { name: "Tool use 2" }).getByRole("textbox", { name: "city" }).fill("Paris");
  await page.screenshot({ path: info.outputPath("tool-use-reply.png") });
  await card.getByRole("button", { name: "Send 2 tool uses" }).first().click();
  // The next request carries tool_result: a conversation, each result paired with its tool use.
  card = inputCard(page, "server ran it");
  await expect(card.getByRole("list", { name: "Conversation" })).toBeVisible();
  await expect(card.getByTestId("tool-use-turn")).toHaveCount(2);
  await expect(card.getByTestId("tool-result-turn").first()).toContainText("get_weather: Paris: 18°C, light rain");
  await expect(card.getByTestId("tool-result-turn").nth(1)).toContainText("get_time: Paris: 14:05 local time");
  await page.screenshot({ path: info.outputPath("conversation.png") });
  await card.getByLabel("Reply text").fill("18°C and light rain in Paris; it is 14:05 there.");
  await card.getByRole("button", { name: "Send reply" }).click();
  await expect(result(page)).toContainText("answered after 2 model turn(s): 18°C and light rain in Paris; it is 14:05 there.");
});

test("a standing roots list: the server reads it at once, and an edit is seen through list_changed (2025-11-25)", async ({ page }) => {
  await useRevision(page, "2025-11-25");
  let settings = await openSettings(page);
  await settings.getByRole("checkbox", { name: "Standing roots list" }).check();
  await closeSettings(page);
  await pick(page, /^Watch roots/);
  await run(page);
  // Answered from the list: no card.
  await expect(result(page)).toContainText("The client shares 2 root(s): file:///home/user/projects/demo, file:///home/user/notes");
  settings = await openSettings(page);
  await settings.getByLabel("Standing root 1 URI").fill("file:///work/changed");
  await settings.getByRole("button", { name: "Apply list" }).click();
  await expect(settings.getByTestId("standing-roots-note")).toContainText("notifications/roots/list_changed sent");
  await page.keyboard.press("Escape");
  await expect(async () => {
    await run(page);
    await expect(result(page)).toContainText("file:///work/changed, file:///home/user/notes (re-listed 1 time(s) after notifications/roots/list_changed)", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  // The frame went out.
  await expect(page.getByText("notifications/roots/list_changed").first()).toBeVisible();
  // "Ask each time" keeps the roots card.
  settings = await openSettings(page);
  await settings.getByRole("checkbox", { name: "Ask each time" }).check();
  await closeSettings(page);
  await run(page);
  const card = inputCard(page, "which roots");
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Send roots" }).click();
  await expect(result(page)).toContainText("The client shares");
});

test("icons: shown beside names as size-capped <img> only; a hostile server's icons are refused and said so", async ({ page }, info) => {
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  const serverIcon = page.locator(".server-info img");
  await expect(serverIcon).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  const toolIcon = page.getByRole("navigation", { name: "Catalog" }).getByRole("button", { name: /^greet/ }).locator("img");
  await expect(toolIcon).toHaveAttribute("referrerpolicy", "no-referrer");
  await expect(toolIcon).toHaveAttribute("loading", "lazy");
  const box = await toolIcon.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(24);
  expect(box?.height).toBeLessThanOrEqual(24);
  await pick(page, /^greet/);
  await expect(page.getByRole("region", { name: "Selected item" }).locator("h2 img")).toBeVisible();
  for (const tab of ["Prompts", "Resources"] as const) {
    await page.getByRole("navigation", { name: "Catalog" }).getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole("navigation", { name: "Catalog" }).locator(".catalog-item img").first()).toHaveAttribute("src", /^data:image\//);
  }
  // Never inline: no <svg> element in the page.
  expect(await page.locator("svg").count()).toBe(0);

  await page.getByLabel("Embedded server").selectOption("hostile");
  await expect(page.locator(".server-info")).toContainText("presa-hostile");
  const serverRefused = page.locator(".server-info").getByTestId("icon-refused");
  await expect(serverRefused).toHaveAttribute("title", /4 icons refused: .*javascript: icons would run code.*plain http: icons are refused.*over the 64 KiB cap.*must be an image/);
  await page.getByRole("navigation", { name: "Catalog" }).getByRole("tab", { name: /^Tools/ }).click();
  const item = page.getByRole("navigation", { name: "Catalog" }).getByRole("button", { name: /^Hostile icons/ });
  await expect(item.getByTestId("icon-refused")).toHaveAttribute("aria-label", /javascript:/);
  await item.click();
  const heading = page.getByRole("region", { name: "Selected item" }).locator("h2");
  await expect(heading.getByTestId("icon-refused")).toBeVisible();
  await expect(heading.getByTestId("icon-refused")).toHaveAttribute("title", /4 icons refused/);
  await page.screenshot({ path: info.outputPath("hostile-icons.png") });
  // The SVG with a script is kept only as an image, where it cannot run.
  await expect(item.locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.locator("svg").count()).toBe(0);
  expect(requested.filter((u) => /tracker\.example\.com|^javascript:/.test(u))).toEqual([]);
});
