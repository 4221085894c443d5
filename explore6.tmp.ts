import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [w, h] of [[390, 844], [800, 600]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`http://127.0.0.1:5190/`);
  await page.locator('.status[data-status="connected"]').waitFor({ timeout: 20000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/exp/shots/size-${w}-start.png` });
  await page.getByRole("navigation", { name: "Catalog" }).getByRole("button", { name: /^greet/ }).first().click();
  await page.getByRole("button", { name: "Call tool", exact: true }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/exp/shots/size-${w}-greet.png` });
  const focused = await page.evaluate(() => { const a = document.activeElement as HTMLElement; const r = a.getBoundingClientRect(); return `${a.tagName} ${a.getAttribute("aria-label") ?? a.id} ${Math.round(r.top)}-${Math.round(r.bottom)} of ${innerHeight}; doc scrollWidth ${document.documentElement.scrollWidth} vs ${innerWidth}`; });
  console.log(w, h, focused, errors);
  await page.close();
}
await browser.close();
