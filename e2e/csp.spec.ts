import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { answerForm, inputCard, openApp, pageErrors, pick, result, run } from "./support/app";
import { BRIDGE_TOKEN, BRIDGE_URL } from "./support/ports";
import { expect, test, type ConsoleMessage, type Page } from "./support/test";

// Framing, the strict CSP, and `npm start` serving the production build (what users run): the
// built app runs under its CSP (no inline script, no script from elsewhere, no eval) with no violation
// and no console error, through a form flow and a tool-arguments form that validates and submits; a page of another origin that frames the app, `npm start`'s
// app or the bridge gets nothing; `npm start` opens connected, with the bridge handed over.
const REPO = process.cwd();
const FRAMER = "http://framer.test/";
/** Chromium's console error for a refused inline script. */
const INLINE_REFUSED = /^Executing inline script violates the following Content Security Policy directive 'script-src/;

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (m.type() === "error" || /Content Security Policy/i.test(m.text())) errors.push(`${m.text()} ${m.location().url}`);
  });
  return errors;
}

/** Counts CSP violations in the page itself (the event fires for every blocked load, script or eval). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

const violations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/**
 * A page on another origin that frames each URL, and a control frame of its own origin that allows
 * framing; returns each frame's URL and HTML as the browser ended up with it.
 */
async function frameFrom(page: Page, urls: string[]): Promise<{ url: string; html: string }[]> {
  await page.route(`${FRAMER}control`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><p>framable control</p>" }));
  await page.route(FRAMER, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>framer</title>${[...urls, `${FRAMER}control`].map((u, i) => `<iframe id="f${i}" src="${u}"></iframe>`).join("")}` }),
  );
  await page.goto(FRAMER);
  await expect.poll(() => page.frames().length).toBe(urls.length + 2);
  await page.waitForLoadState("load");
  const frames: { url: string; html: string }[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    frames.push({ url: frame.url(), html: await frame.evaluate(() => document.documentElement?.outerHTML ?? "").catch(() => "") });
  }
  // The control shows that a frame the browser allows does load here.
  expect(frames.find((f) => f.url === `${FRAMER}control`)?.html).toContain("framable control");
  return frames.filter((f) => f.url !== `${FRAMER}control`);
}

/** A refused frame is Chrome's error page: nothing of the app, its HTML or the bridge's answer. */
function expectNothing(frames: { url: string; html: string }[], count: number): void {
  expect(frames).toHaveLength(count);
  for (const { url, html } of frames) {
    expect(url).toBe("chrome-error://chromewebdata/");
    expect(html).not.toContain("connection-status");
    expect(html).not.toContain('id="root"');
    expect(html).not.toContain("presa-bridge");
    expect(html).not.toContain("unauthorized");
  }
}

/** Adds an inline script to the page and says whether it ran (a CSP without 'unsafe-inline' refuses it). */
function inlineScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inline = true";
    document.body.append(s);
    return (window as unknown as { __inline?: boolean }).__inline === true;
  });
}

test.describe("the built app under its strict CSP", () => {
  test("the preview sends the CSP, frame-ancestors 'none' and X-Frame-Options; the build has the CSP meta tag", async ({ request }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
    const html = await response.text();
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39;;/);
    expect(html).not.toContain("unsafe-eval");
    // No inline script at all: every script has a src.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => / src=/.test(tag))).toBe(true);
  });

  test("connects and runs a form flow with no CSP violation and no console error", async ({ page }) => {
    const errors = consoleErrors(page);
    await recordViolations(page);
    await openApp(page);
    await pick(page, /^greet/);
    await run(page);
    await expect(inputCard(page, "Who should I greet?")).toBeVisible();
    await answerForm(page, "Who should I greet?", { name: "Ada" });
    await expect(result(page)).toContainText("Hello, Ada!");
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  test("a tool-arguments form validates and submits, with no CSP violation and no console error", async ({ page }) => {
    const errors = consoleErrors(page);
    await recordViolations(page);
    await openApp(page);
    await pick(page, /^Echo/);
    const form = page.locator("form.args-form");
    await run(page);
    // Validation ran (the interpreting validator): the required field is named in a sentence, no call went out.
    await expect(form.getByText("Message is required.")).toBeVisible();
    await expect(result(page)).toHaveCount(0);
    await form.getByLabel("Message", { exact: true }).fill("under a strict policy");
    await run(page);
    await expect(result(page)).toContainText("under a strict policy");

    // A bound from the schema, then a valid call.
    await pick(page, /^Countdown/);
    await form.getByLabel("Steps", { exact: true }).fill("0");
    await run(page);
    await expect(form.getByText("Steps must be 1 or more.")).toBeVisible();
    await form.getByLabel("Steps", { exact: true }).fill("2");
    await form.getByLabel("Pause between steps (ms)", { exact: true }).fill("0");
    await expect(form.getByText("Steps must be 1 or more.")).toHaveCount(0);
    await run(page);
    await expect(result(page)).toContainText("Counted 2 steps.");

    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  test.describe("what the policy refuses", () => {
    // These tests break the policy on purpose; the browser reports each refusal as a console error.
    test.use({ allowErrors: INLINE_REFUSED });

    test("the page's own script cannot eval (no 'unsafe-eval'), yet its forms validate", async ({ page, baseURL }) => {
      // A script of the app's origin (so the policy lets it load) that tries eval as the app's code would;
      // page.evaluate itself is exempt from the policy, so it cannot be the probe.
      await page.route(`${baseURL}/probe-eval.js`, (route) =>
        route.fulfill({
          contentType: "text/javascript",
          body: `const out = [];
for (const attempt of [() => new Function("return 1")(), () => (0, eval)("1")]) {
  try { attempt(); out.push("ran"); } catch (e) { out.push(e.name); }
}
window.__evalProbe = out;`,
        }),
      );
      await recordViolations(page);
      await openApp(page);
      await page.evaluate(() => {
        const s = document.createElement("script");
        s.src = "/probe-eval.js";
        document.body.append(s);
      });
      await expect.poll(() => page.evaluate(() => (window as unknown as { __evalProbe?: string[] }).__evalProbe)).toEqual(["EvalError", "EvalError"]);
      expect(await violations(page)).toContain("script-src eval");
      // Same page, same policy: a tool-arguments form still validates and calls.
      await pick(page, /^Echo/);
      await run(page);
      await expect(page.locator("form.args-form").getByText("Message is required.")).toBeVisible();
      await page.locator("form.args-form").getByLabel("Message", { exact: true }).fill("no eval needed");
      await run(page);
      await expect(result(page)).toContainText("no eval needed");
      expect(pageErrors(page)).toEqual([]);
    });

    test("an inline script injected into the page does not run", async ({ page }) => {
      await recordViolations(page);
      await openApp(page);
      const ran = await inlineScriptRuns(page);
      expect(ran).toBe(false);
      expect((await violations(page)).some((v) => v.startsWith("script-src"))).toBe(true);
    });
  });

  test("a page of another origin framing the app or the bridge gets nothing", async ({ page, baseURL }) => {
    expectNothing(await frameFrom(page, [baseURL ?? "/", `${BRIDGE_URL}/info`]), 2);
    // And the bridge's own answer says so too.
    const info = await page.request.get(`${BRIDGE_URL}/info`, { headers: { Authorization: `Bearer ${BRIDGE_TOKEN}` } });
    expect(info.headers()["x-frame-options"]).toBe("DENY");
    expect(info.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

test.describe("the build on a static host that sends no headers", () => {
  // Each test here ends with a refusal on purpose: an inline script, the app refusing to run framed.
  test.use({ allowErrors: new RegExp(`${INLINE_REFUSED.source}|^Error: presa inspector does not run inside a frame`) });
  const STATIC = "http://static.test/";
  const dist = join(REPO, process.env.E2E_DIST ?? "dist");
  const serveStatic = async (page: Page): Promise<void> => {
    await page.route(`${STATIC}**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      return route.fulfill({ path: join(dist, path === "/" ? "index.html" : path) });
    });
  };

  test("opened in its own tab it runs under the meta CSP with no violation", async ({ page }) => {
    const errors = consoleErrors(page);
    await recordViolations(page);
    await serveStatic(page);
    await page.goto(STATIC);
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    // The meta tag alone holds: an inline script added now does not run.
    const ran = await inlineScriptRuns(page);
    expect(ran).toBe(false);
  });

  test("framed by another site, it refuses to run and says why", async ({ page }) => {
    await serveStatic(page);
    const [frame] = await frameFrom(page, [STATIC]);
    expect(frame?.url).toBe(STATIC);
    expect(frame?.html).toContain("presa inspector does not run inside a frame: open it in a tab of its own.");
    expect(frame?.html).not.toContain("connection-status");
  });
});

test.describe("npm start: the production build with the bridge", () => {
  let child: ChildProcess;
  let appUrl = "";
  let log = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const outDir = join(REPO, `${process.env.E2E_DIST ?? "dist"}-start`);
    child = spawn(join(REPO, "node_modules/.bin/tsx"), ["bin/start.ts"], { cwd: REPO, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PRESA_PORT: "0", PRESA_DIST: outDir } });
    child.stdout?.on("data", (c: Buffer) => (log += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
    const end = Date.now() + 110_000;
    while (!/Local:\s+(\S+)/.test(log)) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`npm start did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    appUrl = /Local:\s+(\S+)/.exec(log)?.[1] ?? "";
  });

  test.afterAll(async () => {
    if (!child?.pid) return;
    process.kill(-child.pid, "SIGINT");
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
  });

  test("prints its URL, not the token; the page opens connected with the bridge ready, under the CSP", async ({ page }) => {
    expect(log).toMatch(/presa inspector \(production build, ready in [\d.]+ s\)/);
    const errors = consoleErrors(page);
    await recordViolations(page);
    const response = await page.goto(appUrl);
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response?.headers()["x-frame-options"]).toBe("DENY");
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await page.getByLabel("Server", { exact: true }).selectOption("stdio");
    await expect(page.getByTestId("bridge-status")).toHaveText("Bridge: ready");
    // The handoff element was read and removed; the token is in no URL and not in the log.
    await expect(page.locator('meta[name="presa-bridge"]')).toHaveCount(0);
    const served = await (await page.request.get(appUrl)).text();
    const meta = /<meta name="presa-bridge" content="([^"]+)"/.exec(served)?.[1] ?? "{}";
    const token = JSON.parse(meta.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as { token?: string };
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(log).not.toContain(token.token ?? "never");
    // Production files, not the dev server's modules.
    expect(await page.evaluate(() => performance.getEntriesByType("resource").some((r) => r.name.includes("/src/")))).toBe(false);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a framing page gets nothing from npm start's app", async ({ page }) => {
    expectNothing(await frameFrom(page, [appUrl]), 1);
  });

  test("another Host (DNS rebinding) cannot read the served HTML", async () => {
    const url = new URL(appUrl);
    const answer = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const req = request({ host: url.hostname, port: url.port, path: "/", headers: { Host: `rebind.example:${url.port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      }, reject);
    });
    expect(answer).toBe(403);
  });
});
