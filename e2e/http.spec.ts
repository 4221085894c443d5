import { hostileAnswerHeaders, hostileServer, WRONG_MCP_NAME_TOOL } from "../src/server/hostile";
import { startHttpServer, type RunningHttpServer } from "../src/server/http/handler";
import { expect, test, type Page } from "./support/test";
import { openApp, pick, run, result } from "./support/app";

// The HTTP view against a real server on 127.0.0.1: the hostile server whose answer to one tool names
// another tool in Mcp-Name. The view lists each request with its status and headers and fails that
// header check, in words; every other request of the session passes.

let hostile: RunningHttpServer;
test.beforeAll(async () => {
  hostile = await startHttpServer(hostileServer({ stateSecret: "e2e-http-view" }), { port: 0, answerHeaders: hostileAnswerHeaders });
});
test.afterAll(async () => {
  await hostile?.close();
});

test.use({ viewport: { width: 1280, height: 800 } });

async function connectTo(page: Page, url: string): Promise<void> {
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(url);
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
}

test("a wrong Mcp-Name on the server's answer is a failed header check with its reason; the rest pass", async ({ page, axe }) => {
  await openApp(page);
  await connectTo(page, hostile.url);
  await expect(page.getByTestId("negotiated-revision")).toHaveText("2026-07-28");
  await pick(page, /^Answers under another tool's name/);
  await run(page);
  await expect(result(page)).toContainText("Answered");

  // The tabs sit in the panel's header; the keyboard moves between them.
  const frames = page.getByRole("tab", { name: "Frames" });
  await frames.focus();
  await page.keyboard.press("ArrowRight");
  const httpTab = page.getByRole("tab", { name: /^HTTP/ });
  await expect(httpTab).toBeFocused();
  await expect(httpTab).toHaveAttribute("aria-selected", "true");

  const view = page.getByRole("region", { name: "HTTP exchanges" });
  await expect(view.getByTestId("http-failed-count")).toHaveText("1 failed header check(s)");
  const requests = view.getByRole("list", { name: "HTTP requests" }).getByRole("listitem");
  // discover, the listings and the call: every MCP request is a POST to the endpoint, and only one fails.
  await expect(requests.filter({ hasText: "server/discover" }).first()).toContainText("checks pass");
  await expect(requests.filter({ hasText: "tools/list" }).first()).toContainText("checks pass");
  await expect(requests.filter({ hasText: "check failed" })).toHaveCount(1);
  const failed = requests.filter({ hasText: "check failed" });
  await expect(failed).toContainText("tools/call");
  await expect(failed).toContainText("200");

  // Enter opens it from the keyboard.
  await failed.getByRole("button").focus();
  await page.keyboard.press("Enter");
  const detail = view.getByRole("region", { name: /^HTTP request \d+$/ });
  await expect(detail).toContainText(`POST ${hostile.url}`);
  const check = detail.getByRole("listitem").filter({ hasText: "Mcp-Name (answer)" });
  await expect(check).toContainText("fail");
  await expect(check).toContainText(`the answer says "echo" but the request said "${WRONG_MCP_NAME_TOOL}"`);
  // What the inspector sent passes its own checks.
  await expect(detail.getByRole("listitem").filter({ hasText: "Mcp-Name (sent)" })).toContainText(`"${WRONG_MCP_NAME_TOOL}" equals the body's params.name`);
  await expect(detail.getByRole("listitem").filter({ hasText: "MCP-Protocol-Version (sent)" })).toContainText("pass");
  await expect(detail.getByText("mcp-method", { exact: true })).toBeVisible();

  // Only failed checks, then every request again.
  await view.getByLabel("Show").selectOption("failed");
  await expect(requests).toHaveCount(1);
  await view.getByLabel("Show").selectOption("all");
  // A taller panel for the picture: the separator moves with the arrow keys.
  const separator = page.getByRole("separator", { name: "Resize the wire log" });
  for (let i = 0; i < 8; i++) await separator.press("ArrowUp");
  await page.screenshot({ path: test.info().outputPath("http-view-1280.png") });
  await axe("the HTTP view with a failed check");

  // Back to the frames: the wire log is where it was.
  await page.getByRole("tab", { name: "Frames" }).click();
  await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
});

test("credentials are redacted in the HTTP view", async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill(hostile.url);
  await page.getByRole("button", { name: /^Headers \(/ }).click();
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Header name 1").fill("Authorization");
  await page.getByLabel("Header value 1").fill("Bearer e2e-secret-token");
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await page.getByRole("tab", { name: /^HTTP/ }).click();
  const view = page.getByRole("region", { name: "HTTP exchanges" });
  await view.getByRole("list", { name: "HTTP requests" }).getByRole("button").first().click();
  await expect(view.getByText("Bearer [redacted]")).toBeVisible();
  await expect(view).not.toContainText("e2e-secret-token");
});
