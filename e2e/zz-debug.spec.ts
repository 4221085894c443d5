import { expect, test } from "./support/test";
import { openApp, pick, run } from "./support/app";
test.use({ allowErrors: /.*/ });
test("debug", async ({ page }) => {
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text().slice(0, 300), m.location().url.slice(0, 80)));
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  await openApp(page);
  await page.getByLabel("Embedded server").selectOption(process.env.DBG_SERVER ?? "demo");
  await expect(page.getByTestId("connection-status")).toHaveText("connected");
  await pick(page, new RegExp(process.env.DBG_TOOL ?? "^Weather app"));
  await run(page);
  await page.waitForTimeout(6000);
  console.log("FRAMES", page.frames().map((f) => f.url().slice(0, 100)));
  console.log("VIEW", await page.getByTestId("app-view").first().innerText());
  await page.screenshot({ path: "/tmp/appsb/dbg.png" });
});
