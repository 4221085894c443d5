import { expect, test, type Page } from "./support/test";
import { answerForm, inputCard, openApp, pick, result, run, runWithJson, useE2eBridge } from "./support/app";
import { EVERYTHING_SSE_URL } from "./support/ports";

// The old HTTP+SSE transport (2024-11-05) from the connection bar: @modelcontextprotocol/server-everything
// in its SSE mode (started by playwright.config.ts), picked as "HTTP+SSE", reached by "auto" (Streamable
// HTTP first, then the fallback the spec's backwards-compatibility section describes), and through the bridge.

// "auto" first POSTs initialize as Streamable HTTP to /sse, which this server answers 404: expected.
test.use({ allowErrors: /status of 404 \(Not Found\)/ });

async function connectSse(page: Page, kind: "url" | "bridge-http", transport: "http+sse" | "auto"): Promise<void> {
  if (kind === "bridge-http") await useE2eBridge(page);
  else await page.getByLabel("Server", { exact: true }).selectOption(kind);
  await page.getByLabel("Server URL").fill(EVERYTHING_SSE_URL);
  await page.getByLabel("Transport").selectOption(transport);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await expect(page.getByTestId("negotiated-era")).toHaveText("initialize era");
}

test("HTTP+SSE: echo, an elicitation and a sampling request from server-everything", async ({ page }) => {
  await openApp(page);
  await connectSse(page, "url", "http+sse");
  await pick(page, /^echo$|^Echo/);
  await runWithJson(page, { message: "over the old transport" });
  await expect(result(page)).toContainText("Echo: over the old transport");

  await pick(page, /trigger-elicitation-request$|^Trigger Elicitation Request/);
  await run(page);
  await answerForm(page, "Please provide inputs for the following fields:", { String: "Ada Lovelace" });
  await expect(result(page)).toContainText("- Name: Ada Lovelace");

  await pick(page, /trigger-sampling-request$|^Trigger Sampling Request/);
  await runWithJson(page, { prompt: "Say hi", maxTokens: 20 });
  const sampling = inputCard(page, "Say hi");
  await expect(sampling).toBeVisible();
  await sampling.getByLabel("Reply text").fill("Hi from the inspector.");
  await sampling.getByRole("button", { name: "Send reply" }).click();
  await expect(result(page)).toContainText("Hi from the inspector.");
});

test("auto falls back to HTTP+SSE, directly and through the bridge", async ({ page }) => {
  await openApp(page);
  await connectSse(page, "url", "auto");
  await pick(page, /^echo$|^Echo/);
  await runWithJson(page, { message: "auto" });
  await expect(result(page)).toContainText("Echo: auto");

  await connectSse(page, "bridge-http", "auto");
  await pick(page, /^echo$|^Echo/);
  await runWithJson(page, { message: "bridged" });
  await expect(result(page)).toContainText("Echo: bridged");
});

test("a request tied to no call (server-everything's roots sync after initialize) is shown apart and answered", async ({ page, axe }) => {
  await openApp(page);
  await connectSse(page, "url", "http+sse");
  // The server asks roots/list on its own, 350 ms after initialized, with no call running: no call
  // view is open, and the question still shows, under its own heading.
  const loose = page.getByRole("region", { name: "Asked outside any call" });
  await expect(loose).toContainText("tied to no call");
  const roots = loose.getByRole("article", { name: /^Input request / });
  await expect(roots).toBeVisible();
  await axe("a question tied to no call");
  await roots.getByRole("button", { name: "Send roots" }).click();
  await expect(loose).toHaveCount(0);
  // Nothing else was opened for it: no call view, no call in the history.
  await expect(page.getByTestId("call-view")).toHaveCount(0);
});
