import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("console", (m) => console.log("console", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror", String(e)));
await page.goto(`http://127.0.0.1:5190/?target=${encodeURIComponent("http://127.0.0.1:5191/mcp")}`);
await page.waitForTimeout(3000);
await page.screenshot({ path: "/tmp/exp/shots/ev5.png" });
await browser.close();
