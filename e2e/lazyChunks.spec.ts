import { allowErrors, expect, test } from "./support/test";
import { answerForm, callView, catalog, inputCard, pick, result, roundsPanel, run, runWithJson } from "./support/app";
import { holdBack } from "./support/loads";
import { qaPanel } from "./support/qa";

// What the first view does not show is fetched on first use (docs/architecture.md, "What loads when").
// A chunk that cannot be fetched (the inspector's server stopped, the network is off) is an error in
// words where it was wanted; the rest of the page keeps working, and nothing is left blank.

test(
  "the embedded server's chunk does not load: the connection fails in words, the page stays",
  { annotation: allowErrors(/Failed to load resource|embedded-|dynamically imported module/) },
  async ({ page }) => {
    await page.route(/\/assets\/embedded-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveText("failed");
    const alert = page.locator(".connection-bar").getByRole("alert");
    await expect(alert).toContainText("Part of the inspector did not load");
    await expect(alert).toContainText("could not load the embedded demo server");
    // The rest of the page is there: the wire log and the settings still work.
    await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
    await page.getByRole("button", { name: /Settings/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  },
);

test(
  "a part's chunk does not load: that part says so, the rest of the page keeps working",
  { annotation: allowErrors(/Failed to load resource|ItemPanel-|dynamically imported module|The above error occurred/) },
  async ({ page }) => {
    await page.route(/\/assets\/ItemPanel-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await expect(catalog(page).getByRole("button", { name: /^greet/ }).first()).toBeVisible();
    await pick(page, /^greet/);
    const failed = page.getByTestId("part-failed");
    await expect(failed).toContainText("The item panel did not load");
    await expect(failed.getByRole("button", { name: "Reload the page" })).toBeVisible();
    // The connection bar and the wire log are untouched.
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
  },
);

// The client's call rounds (the core's callRounds.ts: both eras' rounds, the questions, client-side
// tasks, completions) are a chunk of their own: connecting and listing need none of it.
const CALL_ROUNDS = /\/assets\/callRounds-[^/]*\.js$/;

test("the call rounds' chunk is not in the first view: held back, the page connects and lists; let through, a call with a question runs", async ({ page }) => {
  const { asked, release } = holdBack(page, CALL_ROUNDS);
  await page.goto("/");
  // index.html names no such file: not a module script, not a modulepreload.
  expect(await (await page.request.get("/")).text()).not.toMatch(/callRounds/);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(catalog(page).getByRole("button", { name: /^greet/ }).first()).toBeVisible();
  // Fetched ahead once connected (prefetchForms.ts): that request is the one held here.
  await asked;
  await pick(page, /^greet/);
  await run(page);
  // The call has started and waits for its code; let it through.
  await expect(callView(page)).toBeVisible();
  await release();
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  await expect(callView(page).getByTestId("call-status")).toHaveText("done");
});

test(
  "the call rounds' chunk does not load: the call fails in words, the rest of the page keeps working",
  { annotation: allowErrors(/Failed to load resource|callRounds-|dynamically imported module/) },
  async ({ page }) => {
    await page.route(CALL_ROUNDS, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await pick(page, /^greet/);
    await run(page);
    const alert = callView(page).getByRole("alert");
    await expect(alert).toContainText("could not load the code that runs calls");
    await expect(callView(page).getByTestId("call-status")).toHaveText("failed");
    await expect(inputCard(page, "Who should I greet?")).toHaveCount(0);
    // The connection, the catalog and the wire log are untouched.
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await expect(catalog(page).getByRole("button", { name: /^greet/ }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
  },
);

// Canned answers and the mock model answer questions, which come only during a call: their answerer
// is loaded with the call code (session/callChunk.ts), and their panel is a chunk of its own.
const CANNED_BRIDGE = /\/assets\/cannedBridge-[^/]*\.js$/;

test("the canned answerer is not in the first view: held back, a call waits for it; let through, the mock model answers the first question", async ({ page }) => {
  const { asked, release } = holdBack(page, CANNED_BRIDGE);
  await page.goto("/");
  const html = await (await page.request.get("/")).text();
  expect(html).not.toMatch(/cannedBridge|cannedStore|CannedPanel/);
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  // The panel comes on its own; its switch works while the answerer is still held back.
  const qa = qaPanel(page);
  await qa.getByLabel("Mock model answers sampling").check();
  await qa.getByLabel("Mock model script").fill("/one sentence/i => Held back, then answered.");
  // Fetched ahead with the call code once connected: that request is the one held here.
  await asked;
  await pick(page, /^Summarize/);
  await runWithJson(page, { text: "MCP lets servers ask their clients for input." });
  await expect(callView(page)).toBeVisible();
  await release();
  // Answered by the mock model, never asked: the answerer was attached before the question came.
  await expect(result(page)).toContainText("Summary from mock-model: Held back, then answered.");
  await expect(roundsPanel(page).getByTestId("auto-badge")).toHaveText("mock model");
  await expect(inputCard(page, "Summarize in one sentence")).toHaveCount(0);
});

// The command palette's dialog is fetched ahead once connected, never before: Ctrl/Cmd+K before it
// arrives opens a stand-in input (e2e/catalog.spec.ts holds the chunk back while typing).
test("the palette's chunk is not in the first view: fetched only once connected, and the palette then works", async ({ page }) => {
  const statusAtRequest = new Promise<string>((resolve) => {
    void page.route(/\/assets\/PaletteDialog-[^/]*\.js$/, async (route) => {
      resolve(await page.getByTestId("connection-status").innerText());
      await route.continue();
    });
  });
  await page.goto("/");
  expect(await (await page.request.get("/")).text()).not.toMatch(/PaletteDialog|ReopenPrompt/);
  expect(await statusAtRequest).toBe("connected");
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette.getByRole("combobox", { name: "Search tools, resources and prompts" })).toBeFocused();
  await page.keyboard.type("greet");
  await expect(palette.getByRole("option").first()).toContainText("greet");
  await page.keyboard.press("Escape");
  await expect(palette).toHaveCount(0);
});
