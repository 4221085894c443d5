import { expect, test, type Page } from "./support/test";
import { spawnDemoServer, type DemoProcess } from "../test/support/processes";
import { answerForm, callView, inputCard, openApp, pageErrors, pick, result, run } from "./support/app";

// The hostile demo server (README "Hostile servers and faults") in a real browser: each attack ends in words in the call view,
// no payload script runs, and greet then works in the same page.

/** Switches the embedded server to the hostile one and waits for the connection. */
async function useHostile(page: Page): Promise<void> {
  await page.getByLabel("Embedded server").selectOption("hostile");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.locator(".server-info")).toContainText("presa-hostile");
}

/** Nothing a payload would have done happened: no global set, no live markup in the page. */
async function expectNoScriptRan(page: Page): Promise<void> {
  // Give event-handler payloads (img onerror, svg onload) the time they would need to fire.
  await page.waitForTimeout(100);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const live = await page.evaluate(() => ({
    handlers: document.querySelectorAll("[onerror], [onload], [onmouseover], [onclick]").length,
    jsLinks: document.querySelectorAll('a[href^="javascript:"], a[href^="data:"]').length,
    frames: document.querySelectorAll("iframe, object, embed").length,
    inlineScripts: [...document.querySelectorAll("script")].filter((s) => !s.src && s.type !== "module").length,
  }));
  expect(live).toEqual({ handlers: 0, jsLinks: 0, frames: 0, inlineScripts: 0 });
  expect(pageErrors(page)).toEqual([]);
}

/** The session is intact: greet runs to its answer in the same page. */
async function expectGreetWorks(page: Page): Promise<void> {
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
}

async function expectFailure(page: Page, ...shows: (string | RegExp)[]): Promise<void> {
  const alert = callView(page).getByRole("alert");
  for (const text of shows) await expect(alert).toContainText(text);
  await expect(callView(page).getByTestId("call-status")).toHaveText("failed");
  await expect(callView(page).getByRole("button", { name: "Run again" })).toBeVisible();
}

interface Case {
  tool: RegExp;
  name: string;
  /** What the user does and sees after pressing "Call tool". */
  then: (page: Page) => Promise<void>;
}

const CASES: Case[] = [
  {
    name: "bad-json",
    tool: /^Bad JSON/,
    then: async (page) => {
      await expectFailure(page, "The answer is not JSON", "could not be read");
      // The broken frame is in the wire log as it arrived, marked, and shown as text.
      await expect(page.locator(".wire-broken").first()).toBeVisible();
    },
  },
  { name: "wrong-envelope", tool: /^Wrong envelope/, then: (page) => expectFailure(page, "The answer is not a JSON-RPC message", "result is not an object") },
  { name: "wrong-shape", tool: /^Wrong shape/, then: (page) => expectFailure(page, "Malformed result", "content is a string, not a list") },
  { name: "unknown-input", tool: /^Unknown input/, then: (page) => expectFailure(page, "The server broke the protocol", "unknown method: shell/exec") },
  { name: "deep-schema", tool: /^Deep schema/, then: (page) => expectFailure(page, "Input request refused", "nests more than 10 levels deep") },
  { name: "recursive-schema", tool: /^Recursive schema/, then: (page) => expectFailure(page, "Input request refused", "is recursive") },
  { name: "huge-schema", tool: /^Huge schema/, then: (page) => expectFailure(page, "Answer too large", "over the 8 MB cap") },
  {
    name: "odd-schema",
    tool: /^Odd schema/,
    then: async (page) => {
      const card = inputCard(page, "A form outside the MCP subset");
      await expect(card).toContainText("not in the MCP elicitation subset");
      await card.getByRole("button", { name: "Decline", exact: true }).click();
      await expect(result(page)).toContainText('"action":"decline"');
    },
  },
  {
    name: "html-text",
    tool: /^HTML text/,
    then: async (page) => {
      const sampling = inputCard(page, /Sampling: Hello/);
      await expect(sampling).toContainText('<img src=x onerror="window.__pwned');
      await sampling.getByLabel("Reply text").fill("fine");
      await sampling.getByRole("button", { name: "Send reply" }).click();
      const form = inputCard(page, /Form: Hello/);
      await expect(form).toContainText("<script>window.__pwned");
      await form.getByRole("button", { name: "Accept", exact: true }).click();
      await expect(result(page)).toContainText('Result: Hello <script>window.__pwned="script"</script>');
      await expect(result(page)).toContainText("javascript:window.__pwned");
    },
  },
  { name: "html-error", tool: /^HTML error/, then: (page) => expectFailure(page, '<img src=x onerror="window.__pwned') },
  { name: "javascript-url", tool: /^javascript: URL/, then: (page) => expectFailure(page, "Input request refused", "links to a javascript: URL") },
  { name: "data-url", tool: /^data: URL/, then: (page) => expectFailure(page, "Input request refused", "links to a data: URL") },
  { name: "huge-token", tool: /^Huge token/, then: (page) => expectFailure(page, "Request state refused", "over the client's 256 kB cap") },
  { name: "endless-loop", tool: /^Endless loop/, then: (page) => expectFailure(page, "Round cap reached") },
  { name: "cut-stream", tool: /^Cut stream/, then: (page) => expectFailure(page, "The answer is not JSON", "Unterminated string") },
  {
    name: "never-answers",
    tool: /^Never answers/,
    then: (page) => expectFailure(page, "No answer in time", "got no answer in 1000 ms"),
  },
];

// One page for every attack, in order: the session they all hit is the one greet must still work in.
test.describe.serial("the embedded hostile demo server, one page for all attacks", () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    page = await browser.newPage();
    await openApp(page);
    await useHostile(page);
  });
  test.afterAll(async () => {
    await page?.close();
  });

  for (const c of CASES) {
    test(`${c.name}: shown in words, no script runs, greet works after it`, async () => {
      if (c.name === "never-answers") {
        await page.getByRole("button", { name: "Settings" }).click();
        await page.getByLabel("Timeout (s)").fill("1");
        await page.getByLabel("Timeout (s)").press("Enter");
        await expect(page.getByTestId("connection-status")).toHaveText("connected");
        await page.keyboard.press("Escape");
      }
      await pick(page, c.tool);
      await run(page);
      await c.then(page);
      await expectNoScriptRan(page);
      await expectGreetWorks(page);
      await expectNoScriptRan(page);
    });
  }
});

test.describe.serial("the hostile demo server over HTTP (npm run server -- --hostile)", () => {
  let hostile: DemoProcess;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000); // a server process starts here
    hostile = await spawnDemoServer(["--hostile"]);
    page = await browser.newPage();
    await openApp(page);
    await page.getByLabel("Server", { exact: true }).selectOption("url");
    await page.getByLabel("Server URL").fill(hostile.url);
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
  });
  test.afterAll(async () => {
    await page?.close();
    await hostile?.stop();
  });

  for (const [name, tool, shows] of [
    ["cut-stream", /^Cut stream/, ["The answer stopped halfway", "response stream broke before the response arrived"]],
    ["bad-json", /^Bad JSON/, ["The answer is not JSON"]],
    ["huge-schema", /^Huge schema/, ["Answer too large", "over the 8 MB cap"]],
  ] as const) {
    test(`${name}: shown in words, no script runs, greet works after it`, async () => {
      await pick(page, tool);
      await run(page);
      await expectFailure(page, ...shows);
      await expectNoScriptRan(page);
      await expectGreetWorks(page);
    });
  }
});
