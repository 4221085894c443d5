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
const form = page.locator(".item-panel, [data-testid=item-panel]").first();
async function call(tool: string, fill: (f: any) => Promise<void>, shot: string, wait = 2500) {
  await cat.getByRole("button", { name: new RegExp(`${tool}\\b`) }).first().click();
  await page.waitForTimeout(300);
  await fill(page);
  await page.getByRole("button", { name: "Call tool", exact: true }).click();
  await page.waitForTimeout(wait);
  await page.screenshot({ path: `/tmp/exp/shots/ev3-${shot}.png` });
}
await call("trigger-sampling-request", (p) => p.getByTestId("center-pane").getByRole("textbox", { name: "prompt" }).fill("Write a haiku about pipes"), "sampling");
await call("trigger-url-elicitation", (p) => p.getByTestId("center-pane").getByRole("textbox", { name: "url" }).fill("https://example.com/auth?x=1"), "url");
await call("trigger-url-elicitation", async (p) => { await p.getByTestId("center-pane").getByRole("textbox", { name: "url" }).fill("https://example.com/auth?x=2"); await p.getByTestId("center-pane").getByLabel("errorPath").check(); }, "url-error");
await call("simulate-research-query", async (p) => { await p.screenshot({ path: "/tmp/exp/shots/ev3-research-form.png" }); const t = p.getByTestId("center-pane").getByRole("textbox", { name: "topic" }); if (await t.count()) await t.fill("tides"); const a = p.getByTestId("center-pane").getByLabel("ambiguous"); if (await a.count()) await a.check(); }, "research", 6000);
console.log("errors", errors);
await browser.close();
