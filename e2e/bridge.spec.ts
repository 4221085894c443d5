import { createRequire } from "node:module";
import { join } from "node:path";
import { allowErrors, expect, test, type APIRequestContext, type Page } from "./support/test";
import { answerForm, callView, catalog, inputCard, openApp, pageErrors, pick, result, run, setCapability, useRevision } from "./support/app";
import { BRIDGE_TOKEN, BRIDGE_URL, NO_CORS_URL } from "./support/ports";

// Through the local bridge (started by playwright.config.ts with a known token, pasted here the way
// a user of the static build does): stdio servers spawned after confirmation, in both eras, their
// stderr shown, a crashing server explained; and an HTTP server that sends no CORS headers.
const REPO = process.cwd();
const EVERYTHING = createRequire(join(REPO, "package.json")).resolve("@modelcontextprotocol/server-everything/package.json").replace(/package\.json$/, "dist/index.js");

async function pasteBridge(page: Page, token = BRIDGE_TOKEN): Promise<void> {
  const status = page.getByTestId("bridge-status");
  if ((await status.getAttribute("data-status")) !== "none") await status.click();
  await page.getByLabel("Bridge URL").fill(BRIDGE_URL);
  await page.getByLabel("Bridge token").fill(token);
  await page.getByRole("button", { name: "Use bridge" }).click();
}

/** Fills the stdio form, checks the confirmation dialog shows exactly that, and spawns. */
async function spawn(page: Page, command: string, args: string[], expectConnected = true): Promise<void> {
  await page.getByLabel("Command").fill(command);
  await page.getByLabel("Arguments (one per line)").fill(args.join("\n"));
  await page.getByLabel("Working directory").fill(REPO);
  await page.getByRole("button", { name: "Spawn…" }).click();
  const dialog = page.getByRole("dialog", { name: "Run this command on your machine?" });
  await expect(dialog.getByTestId("spawn-command")).toHaveText(command);
  await expect(dialog.getByRole("list", { name: "Arguments" }).getByRole("listitem")).toHaveText(args.map((a) => JSON.stringify(a)));
  await expect(dialog).toContainText(REPO);
  await dialog.getByRole("button", { name: "Spawn", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  if (expectConnected) await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

async function useStdio(page: Page): Promise<void> {
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("stdio");
  await pasteBridge(page);
  await expect(page.getByTestId("bridge-status")).toHaveText("Bridge: ready");
}

const stderrPanel = (page: Page) => page.getByRole("log", { name: "Server stderr" });

test.describe("stdio through the bridge", () => {
  test.beforeEach(async ({ page }) => useStdio(page));

  for (const revision of ["2026-07-28", "2025-11-25"]) {
    test(`the demo server's stdio entry on ${revision}: greet, with its stderr shown`, async ({ page }) => {
      await spawn(page, process.execPath, ["--import", "tsx", join(REPO, "bin/demo-stdio.ts")]);
      // Switching the revision respawns the confirmed command: no second dialog.
      await useRevision(page, revision);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await pick(page, /^greet/);
      await run(page);
      const card = inputCard(page, "Who should I greet?");
      await expect(card.getByText(revision === "2026-07-28" ? /retry/ : /live server request/)).toBeVisible();
      await answerForm(page, "Who should I greet?", { name: "Ada" });
      await expect(result(page)).toContainText("Hello, Ada!");
      await expect(stderrPanel(page)).toContainText("presa demo server on stdio (revisions 2026-07-28");
      await expect(stderrPanel(page)).toContainText(`spawned ${process.execPath}`);
      expect(pageErrors(page)).toEqual([]);
    });
  }

  test("a session beside the live one runs the command the user confirmed, at another revision, with its own bridge hops", async ({ page }) => {
    await spawn(page, process.execPath, ["--import", "tsx", join(REPO, "bin/demo-stdio.ts")]);
    await expect(page.getByTestId("negotiated-revision")).toHaveText("2026-07-28");
    await page.getByRole("button", { name: "Sessions side by side" }).click();
    const panel = page.getByRole("region", { name: "Sessions" });
    await panel.getByRole("button", { name: "+ Session" }).click();
    const second = panel.getByRole("listitem", { name: "Session 2" });
    // No second dialog: the command was confirmed for this page; and no "not confirmed" failure.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(second.getByTestId("session-2-status")).toHaveText("connected");
    await expect(second.locator(".badge")).toHaveText("2025-11-25");
    await pick(page, /^greet/);
    await panel.getByRole("button", { name: "Run on both" }).click();
    await answerForm(page, "Who should I greet?", { name: "Ada" });
    await expect(result(page)).toContainText("Hello, Ada!");
    await expect(panel.getByRole("region", { name: "Run on both: difference" })).toContainText("Session 1 (2026-07-28) against session 2 (2025-11-25)");
    // The HTTP view lists this session's hops to the bridge (the server itself speaks stdio).
    await page.getByRole("tab", { name: /^HTTP/ }).click();
    const view = page.getByRole("region", { name: "HTTP exchanges" });
    await expect(view.getByRole("list", { name: "HTTP requests" }).getByRole("listitem").filter({ hasText: "bridge" }).first()).toContainText("no checks");
  });

  test("@modelcontextprotocol/server-everything in stdio mode: trigger-elicitation-request", async ({ page }) => {
    await setCapability(page, "Roots", "off");
    await spawn(page, process.execPath, [EVERYTHING, "stdio"]);
    await expect(page.getByTestId("negotiated-revision")).toHaveText("2025-11-25");
    await pick(page, /trigger-elicitation-request$|^Trigger Elicitation Request/);
    await run(page);
    await answerForm(page, "Please provide inputs for the following fields:", { String: "Ada Lovelace" });
    await expect(result(page)).toContainText("- Name: Ada Lovelace");
    await expect(stderrPanel(page)).toContainText("Starting default (STDIO) server...");
  });

  test("@modelcontextprotocol/server-everything in stdio mode: a resource link in a result is shown in the item panel, then read", async ({ page }) => {
    await setCapability(page, "Roots", "off");
    await spawn(page, process.execPath, [EVERYTHING, "stdio"]);
    await pick(page, /get-resource-links$|^Get Resource Links/);
    await run(page);
    const link = result(page).locator(".block-resource").filter({ hasText: "demo://resource/dynamic/text/2" });
    await expect(link).toContainText("resource link");
    await link.getByRole("button", { name: "Show this resource" }).click();
    // Shown, not read: the panel waits for the user's click, as for any resource.
    const panel = page.getByRole("region", { name: "Selected item" });
    await expect(panel.locator("header code")).toHaveText("demo://resource/dynamic/text/2");
    await expect(catalog(page).getByRole("tab", { name: /^Resources/ })).toHaveAttribute("aria-selected", "true");
    await run(page, "Read resource");
    await expect(callView(page).getByTestId("call-status")).toHaveText("done");
    await expect(callView(page).locator(".call-head")).toContainText("resources/read demo://resource/dynamic/text/2");
    await expect(result(page)).toContainText("demo://resource/dynamic/text/2");
  });

  test("a server that prints garbage and exits: a clear error, its stderr, and the bridge stays up", async ({ page }) => {
    await spawn(page, process.execPath, ["-e", "console.log('Starting... (not JSON-RPC)'); console.error('fatal: no config file'); process.exit(3)"], false);
    await expect(page.getByTestId("connection-status")).toHaveText("failed");
    const alert = page.getByRole("alert").filter({ hasText: "The server process exited" });
    await expect(alert).toContainText("exited with code 3; last stderr: fatal: no config file");
    await expect(stderrPanel(page)).toContainText("stdout (not JSON-RPC): Starting... (not JSON-RPC)");
    await expect(stderrPanel(page)).toContainText("fatal: no config file");
    await expect(page.getByTestId("stdout-garbage")).toHaveText("1 non-JSON stdout line");
    // Still up: the demo server spawns and connects.
    await spawn(page, process.execPath, ["--import", "tsx", join(REPO, "bin/demo-stdio.ts")]);
  });
});

/** The bridge's own count of processes it spawned (GET /info, with the right token). */
async function spawnedSoFar(request: APIRequestContext): Promise<number> {
  const info = await request.get(`${BRIDGE_URL}/info`, { headers: { Authorization: `Bearer ${BRIDGE_TOKEN}` } });
  expect(info.status()).toBe(200);
  return ((await info.json()) as { spawned: number }).spawned;
}

// The bridge answers the wrong token 401, and the browser logs each refused request.
test("a wrong bridge token is refused, and nothing is spawned", { annotation: allowErrors(/^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/) }, async ({ page, request }) => {
  const before = await spawnedSoFar(request);
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("stdio");
  await pasteBridge(page, "not-the-token-0123456789");
  await expect(page.getByTestId("bridge-status")).toHaveText("Bridge: unreachable");
  await expect(page.getByRole("group", { name: "Bridge" })).toContainText("the bridge answered 401");
  await page.getByLabel("Command").fill(process.execPath);
  await page.getByRole("button", { name: "Spawn…" }).click();
  await page.getByRole("button", { name: "Spawn", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The bridge refused the token" })).toBeVisible();
  expect(await spawnedSoFar(request)).toBe(before);
});

// The direct attempt is refused by CORS on purpose, and the browser logs it.
test("HTTP via the bridge reaches a server that sends no CORS headers; the page alone cannot", { annotation: allowErrors(/^Access to fetch at '[^']*' from origin '[^']*' has been blocked by CORS policy|^Failed to load resource: net::ERR_FAILED$/) }, async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(NO_CORS_URL);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("failed");

  await page.getByLabel("Server", { exact: true }).selectOption("bridge-http");
  await pasteBridge(page);
  await expect(page.getByLabel("Server URL")).toHaveValue(NO_CORS_URL);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  for (const revision of ["2026-07-28", "2025-11-25"]) {
    await useRevision(page, revision);
    await pick(page, /^greet/);
    await run(page);
    await answerForm(page, "Who should I greet?", { name: "Grace" });
    await expect(result(page)).toContainText("Hello, Grace!");
  }
  // The wire log shows the server's frames.
  await expect(page.getByRole("list", { name: "Frames" })).toContainText("tools/call");
});

test("a direct connection that fails before any answer offers the bridge, which connects the same URL in one click", { annotation: allowErrors(/^Access to fetch at '[^']*' from origin '[^']*' has been blocked by CORS policy|^Failed to load resource: net::ERR_FAILED$/) }, async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("bridge-http");
  await pasteBridge(page);
  await expect(page.getByTestId("bridge-status")).toHaveText("Bridge: ready");
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(NO_CORS_URL);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("failed");
  const offer = page.getByTestId("bridge-offer");
  await expect(offer).toContainText("the server may be down, or it may not allow this page (no CORS headers)");
  await offer.getByRole("button", { name: "Connect through the bridge" }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(offer).toHaveCount(0);
  // The picker says how it is connected now, with the same URL.
  await expect(page.getByLabel("Server", { exact: true })).toHaveValue("bridge-http");
  await expect(page.getByLabel("Server URL")).toHaveValue(NO_CORS_URL);
  // However narrow the field, the whole URL is one hover away.
  await expect(page.getByLabel("Server URL")).toHaveAttribute("title", NO_CORS_URL);
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Grace" });
  await expect(result(page)).toContainText("Hello, Grace!");
});
