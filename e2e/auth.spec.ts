import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./support/test";
import { answerForm, openApp, pick, result, run, useE2eBridge } from "./support/app";
import { clipboardText, wireLog, wireRows } from "./support/qa";
import { AUTH_DEMO_URL, AUTH_ISSUER, BRIDGE_URL } from "./support/ports";

// Sign-in (OAuth) in the browser, against the protected demo that playwright.config.ts starts
// (`npm run server -- --auth`): the demo MCP server as a protected resource beside a real
// authorization server (oidc-provider) with its own login and consent pages, in a popup that returns
// to the app's callback page (public/oauth-callback.html). oidc-provider allows no CORS on its
// registration endpoint nor on the RFC 8414 metadata location (a 404 there), so the sign-in's own
// requests to it go through the local bridge (started by playwright.config.ts), as a user's would.

test.use({
  permissions: ["clipboard-read", "clipboard-write"],
  // Expected: Chromium's line for each 401/403 (the 401 starts the sign-in); the metadata location the
  // authorization server answers 404 without CORS (after which its requests use the bridge, whose
  // forward of that 404 is logged too); the authorization server's pages have no favicon.
  allowErrors: new RegExp(
    [
      "status of 40[13] \\(",
      "127\\.0\\.0\\.1:\\d+/\\.well-known/oauth-authorization-server",
      `^${BRIDGE_URL.replace(/\./g, "\\.")}/forward$`,
      `^${AUTH_ISSUER.replace(/\./g, "\\.")}/favicon\\.ico$`,
    ].join("|"),
  ),
});

/** Every bearer token the page sent to the protected MCP endpoint. */
function bearerTokens(page: Page): Set<string> {
  const tokens = new Set<string>();
  page.on("request", (request) => {
    if (!request.url().startsWith(AUTH_DEMO_URL)) return;
    const auth = request.headers().authorization;
    if (auth?.startsWith("Bearer ")) tokens.add(auth.slice("Bearer ".length));
  });
  return tokens;
}

async function connectToProtectedDemo(page: Page): Promise<void> {
  await useE2eBridge(page);
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(AUTH_DEMO_URL);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
}

/** From the 401 prompt: "Sign in" opens the authorization server's pages in a popup; returns it. */
async function signInFromPrompt(page: Page): Promise<Page> {
  const prompt = page.getByRole("region", { name: "Sign-in" }).getByRole("alert").filter({ hasText: "This server requires sign-in" });
  await expect(prompt).toBeVisible();
  const [popup] = await Promise.all([page.context().waitForEvent("page"), prompt.getByRole("button", { name: "Sign in" }).click()]);
  await popup.waitForLoadState();
  return popup;
}

async function loginAndConsent(popup: Page, answer: "Allow" | "Deny"): Promise<void> {
  await expect(popup.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(new URL(popup.url()).origin).toBe(AUTH_ISSUER);
  await popup.getByLabel("Username").fill("demo");
  await popup.getByLabel("Password").fill("demo-password");
  await popup.getByRole("button", { name: "Sign in" }).click();
  await expect(popup.getByRole("heading", { name: "Allow access?" })).toBeVisible();
  await expect(popup.getByText("mcp:tools")).toBeVisible();
  await popup.getByRole("button", { name: answer }).click();
}

test("signs in through the real authorization server (login + consent in a popup) and runs greet", async ({ page }) => {
  await openApp(page);
  await connectToProtectedDemo(page);
  // Sign-in off: the 401 is a prompt, not a hang (a hang fails the wait below; no wall-clock bound,
  // which a busy machine could break).
  await expect(page.getByTestId("connection-status")).toHaveText("failed");
  await expect(page.getByRole("alert").filter({ hasText: "sign-in is off" }).first()).toBeVisible();

  const popup = await signInFromPrompt(page);
  await expect(page.getByTestId("auth-state")).toContainText("Waiting for you to sign in");
  // The callback page hands the code back and closes itself (listened for before the click, as it
  // can close before a later listener is set).
  const closed = popup.waitForEvent("close");
  await loginAndConsent(popup, "Allow");
  await closed;

  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.getByTestId("auth-state")).toContainText(`Signed in at ${AUTH_ISSUER}`);
  const steps = page.getByRole("list", { name: "Sign-in steps" }).getByTestId("auth-step");
  await page.getByText(/^Sign-in steps \(\d+\)$/).click();
  await expect(steps.filter({ hasText: "Token request" })).toHaveAttribute("data-outcome", "ok");
  await expect(steps.filter({ hasText: "Client: dynamic registration" })).toContainText("registered as");

  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");

  // The HTTP view: the 401, the sign-in's own requests (metadata, registration, token), the retry with
  // the token, which shows redacted.
  await page.getByRole("tab", { name: /^HTTP/ }).click();
  const requests = page.getByRole("region", { name: "HTTP exchanges" }).getByRole("list", { name: "HTTP requests" }).getByRole("listitem");
  await expect(requests.filter({ hasText: "401" }).first()).toBeVisible();
  await expect(requests.filter({ hasText: "sign-in" }).filter({ hasText: "/token" }).first()).toContainText("200");
  await requests.filter({ hasText: "tools/call" }).last().getByRole("button").click();
  await expect(page.getByRole("region", { name: /^HTTP request \d+$/ })).toContainText("Bearer [redacted]");
});

test("a person slower than every timeout: time moved past the probe's 10 s and the request timeout on the login page, still connected on 2026-07-28", async ({ page }) => {
  // The page's timers on a clock the test moves: the app's own limits stay as they are (10 s probe,
  // 60 s per request), and the person "takes" three minutes without the test sleeping.
  await page.clock.install();
  await openApp(page);
  await connectToProtectedDemo(page);
  const popup = await signInFromPrompt(page);
  await expect(popup.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.clock.fastForward("03:00");
  await expect(page.getByTestId("auth-state")).toContainText("Waiting for you to sign in");
  await expect(page.getByTestId("connection-status")).not.toHaveText("failed");
  // (The callback page's own close timer is on the moved clock too, so the popup is not waited on.)
  await loginAndConsent(popup, "Allow");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2026-07-28");
});

test("a tool that needs more scope asks again (403 insufficient_scope): a second consent, then the call goes through", async ({ page }) => {
  await openApp(page);
  await connectToProtectedDemo(page);
  const popup = await signInFromPrompt(page);
  await loginAndConsent(popup, "Allow");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");

  await pick(page, /^List workspace/);
  const [again] = await Promise.all([page.context().waitForEvent("page"), run(page)]);
  await again.waitForLoadState();
  // Already signed in at the authorization server: only the consent for the added scope.
  await expect(again.getByRole("heading", { name: "Allow access?" })).toBeVisible();
  await expect(again.getByText("workspace:read")).toBeVisible();
  await again.getByRole("button", { name: "Allow" }).click();
  // With the scope granted, the tool runs: it asks which roots the client shares.
  await page.getByRole("article", { name: /^Input request / }).getByRole("button", { name: "Send roots" }).click();
  await expect(result(page)).toContainText("root(s)");
  await expect(page.getByTestId("auth-state")).toContainText("workspace:read");
  await page.getByText(/^Sign-in steps \(\d+\)$/).click();
  const steps = page.getByRole("list", { name: "Sign-in steps" }).getByTestId("auth-step");
  await expect(steps.filter({ hasText: "Step-up (more scope)" }).first()).toContainText("403 insufficient_scope");
});

test("a refused sign-in (Deny on the consent page) is explained with the step that failed", async ({ page }) => {
  await openApp(page);
  await connectToProtectedDemo(page);
  const popup = await signInFromPrompt(page);
  // Listening before the click: on a busy machine the window can close before a later listener is set.
  const closed = popup.waitForEvent("close");
  await loginAndConsent(popup, "Deny");
  await closed;

  await expect(page.getByTestId("connection-status")).toHaveText("failed");
  const state = page.getByTestId("auth-state");
  await expect(state).toContainText(/Sign-in failed at step \d+ \(Authorization \(sign-in window\)\)/);
  await expect(state).toContainText("access_denied: the user denied access on the consent page");
  const failed = page.getByRole("list", { name: "Sign-in steps" }).locator('[data-outcome="failed"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toHaveAttribute("data-stage", "authorization");
  await expect(failed).toContainText("the authorization server refused");
  // "Try again" starts a new sign-in.
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("the access token appears in no export, curl copy, link, storage or wire-log text", async ({ page }) => {
  const tokens = bearerTokens(page);
  await openApp(page);
  await connectToProtectedDemo(page);
  const popup = await signInFromPrompt(page);
  await loginAndConsent(popup, "Allow");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");

  expect(tokens.size).toBeGreaterThan(0);
  const secrets = [...tokens];
  const leaks = (text: string, where: string): void => {
    for (const token of secrets) expect(text.includes(token), `the token appears in ${where}`).toBe(false);
  };

  // Exports: the session (even with "keep tokens", which keeps pasted header values) and the history.
  await page.getByLabel("keep tokens").check();
  const [session] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export session" }).click()]);
  leaks(await readFile((await session.path()) ?? "", "utf8"), "the session export");
  const [history] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export history" }).click()]);
  leaks(await readFile((await history.path()) ?? "", "utf8"), "the history export");

  // curl copy of the tools/call request, and its frame as JSON.
  const rows = await wireRows(page, "tools/call", "out");
  await rows.first().click();
  const frame = wireLog(page).getByRole("complementary", { name: "Frame" });
  await frame.getByRole("button", { name: "Copy request as curl" }).click();
  const curl = await clipboardText(page);
  expect(curl).toContain(AUTH_DEMO_URL);
  leaks(curl, "the curl copy");
  await frame.getByRole("button", { name: "Copy frame as JSON" }).click();
  leaks(await clipboardText(page), "the frame copy");

  // The deep link, the wire log and the whole page's text (the sign-in steps included).
  await pick(page, /^greet/);
  await page.getByRole("button", { name: "Copy a link to this tool and connection" }).click();
  leaks(await clipboardText(page), "the deep link");
  await page.getByText(/^Sign-in steps \(\d+\)$/).click();
  for (const details of await page.locator(".auth-exchange").all()) await details.evaluate((d) => ((d as HTMLDetailsElement).open = true));
  leaks(await wireLog(page).innerText(), "the wire log");
  leaks(await page.locator("body").innerText(), "the page's text");
  leaks(page.url(), "the address bar");

  const storage = (): Promise<string> => page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]));
  leaks(await storage(), "localStorage/sessionStorage while signed in");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByTestId("auth-state")).toContainText(/Signed out|Sign-in is on/);
  leaks(await storage(), "localStorage/sessionStorage after sign-out");
});
