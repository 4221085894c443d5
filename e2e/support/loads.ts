import { expect, test, type Page } from "./test";
import { pageErrors } from "./app";

/**
 * For every test of the file (call at its top, before the beforeEach that opens the app): besides the
 * console and uncaught errors the fixture checks, no response of the app's may fail (status 400 or
 * more), the browser's own favicon.ico probe excepted. A failed load is checked by its response, so
 * Chromium's "Failed to load resource" console line is left to this check.
 */
export function failOnFailedLoads(): void {
  const errorsOf = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    const errors: string[] = [];
    errorsOf.set(page, errors);
    page.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
    });
    page.on("response", (r) => {
      if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) errors.push(`${r.status()} ${r.url()}`);
    });
  });
  test.afterEach(({ page }) => {
    expect(errorsOf.get(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
}

/**
 * Holds back every request the page makes for `pattern` until `release()` lets them all through:
 * `asked` resolves at the first one. A chunk fetched ahead can then be shown not to be needed yet,
 * or a part shown to wait for it.
 */
export function holdBack(page: Page, pattern: RegExp): { asked: Promise<void>; release: () => Promise<void> } {
  const held: (() => Promise<void>)[] = [];
  const asked = new Promise<void>((resolve) => {
    void page.route(pattern, (route) => {
      held.push(() => route.continue());
      resolve();
    });
  });
  return {
    asked,
    release: async () => {
      for (const go of held.splice(0)) await go();
    },
  };
}
