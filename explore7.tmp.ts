import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors: string[] = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(`http://127.0.0.1:5190/?target=${encodeURIComponent("http://127.0.0.1:5192/mcp")}`);
await page.locator(".connect-prompt .actions button").first().click();
await page.waitForTimeout(5000); await page.screenshot({ path: "/tmp/exp/shots/sdk-connect.png" }); console.log(errors);
const cat = page.getByRole("navigation", { name: "Catalog" });
for (const tool of ["register_user", "create_event", "update_shipping_address"]) {
  await cat.getByRole("button", { name: new RegExp(tool) }).first().click();
  await page.getByRole("button", { name: "Call tool", exact: true }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/exp/shots/sdk-${tool}.png` });
  const card = page.getByRole("article", { name: /^Input request / }).first();
  if (await card.count()) await card.getByRole("button", { name: "Cancel", exact: true }).click();
  await page.waitForTimeout(500);
}
console.log("errors", errors);
await browser.close();
