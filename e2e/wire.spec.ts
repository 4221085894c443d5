import { expect, test } from "./support/test";
import { answerForm, openApp, pick, result, run } from "./support/app";

test("the wire log shows every frame of a flow, filters, and expands a frame", async ({ page }) => {
  await openApp(page);
  await pick(page, /^greet/);
  await run(page);
  await answerForm(page, "Who should I greet?", { name: "Ada" });
  await expect(result(page)).toContainText("Hello, Ada!");
  const log = page.getByRole("region", { name: "Wire log" });
  await log.getByLabel("Filter frames").fill("tools/call");
  // Two requests (the call and its retry) and their two results.
  const rows = log.getByRole("button", { name: /tools\/call/ });
  await expect(rows).toHaveCount(4);
  await log.getByLabel("Direction").selectOption("out");
  await expect(rows).toHaveCount(2);
  await rows.last().click();
  // The retry, expanded: it carries the answer under the server's key.
  const frame = log.getByRole("complementary", { name: "Frame" });
  await expect(frame).toContainText('"inputResponses"');
  await expect(frame).toContainText('"who"');
});

test("a server that cannot be reached is explained, and the app keeps working", async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Server", { exact: true }).selectOption("url");
  await page.getByLabel("Server URL").fill("http://127.0.0.1:9/mcp");
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("connection-status")).toHaveText("failed");
  await expect(page.getByRole("banner").getByRole("alert")).toContainText(/Transport failure|HTTP/);
  await page.getByLabel("Server", { exact: true }).selectOption("embedded");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
});
