import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors: string[] = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(`http://127.0.0.1:5190/?target=${encodeURIComponent("http://127.0.0.1:5191/mcp")}`);
await page.locator(".connect-prompt .actions button").first().click();
await page.locator('.status[data-status="connected"]').waitFor({ timeout: 20000 });
await page.getByRole("button", { name: "Send roots" }).click();
const cat = page.getByRole("navigation", { name: "Catalog" });
for (const tool of (process.argv[2] ?? "get-structured-content,get-resource-links,get-annotated-message,get-tiny-image,gzip-file-as-resource,trigger-long-running-operation,get-env").split(",")) {
  await cat.getByRole("button", { name: new RegExp(`${tool}\\b`) }).first().click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/exp/shots/ev-${tool}-form.png` });
  await page.getByRole("button", { name: "Call tool", exact: true }).click();
  await page.waitForTimeout(Number(process.env.WAIT ?? 2500));
  await page.screenshot({ path: `/tmp/exp/shots/ev-${tool}.png` });
  console.log(tool, "done; errors so far", errors.length);
}
console.log("errors", errors);
await browser.close();
