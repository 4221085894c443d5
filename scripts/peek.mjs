import { chromium } from "@playwright/test";
const url = process.argv[2] ?? "http://127.0.0.1:4999/";
const out = process.argv[3] ?? "/tmp/shot.png";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync"] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
page.on("console", (m) => console.log("console", m.type(), m.text()));
await page.goto(url);
await page.waitForTimeout(800);
const steps = process.argv.slice(4);
for (const s of steps) {
  const [action, ...rest] = s.split("=");
  const arg = rest.join("=");
  if (action === "click") await page.getByText(arg, { exact: false }).first().click();
  if (action === "role") { const [role, name] = arg.split("|"); await page.getByRole(role, { name }).first().click(); }
  if (action === "wait") await page.waitForTimeout(Number(arg));
}
await page.screenshot({ path: out, fullPage: false });
await browser.close();
