import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * Every spec imports `test` and `expect` from here, not from @playwright/test: each test fails if any
 * page of its context logs a console error or throws an uncaught error, since a page that logs an error has a fault
 * the assertions may not look at. The check runs after the test body, so a test that
 * already failed keeps its own failure.
 *
 * An error a test causes on purpose is allowed by name: for one test, in its details,
 * `test("…", { annotation: allowErrors(/401 \(Unauthorized\)/) }, async …)`; for a file or a describe
 * block, `test.use({ allowErrors: /…/ })` (one pattern; join several with `|`). A pattern is matched
 * against the message text (an uncaught error as "Name: message") and its source URL. Nothing is
 * allowed by default.
 */

const ALLOW = "allow-errors";

/** A test's annotation allowing errors it causes on purpose (see above); shown in the report too. */
export function allowErrors(pattern: RegExp): { type: string; description: string } {
  return { type: ALLOW, description: pattern.source };
}

export interface PageProblem {
  kind: "console" | "pageerror";
  text: string;
  url: string;
}

interface Options {
  /** Errors this test causes on purpose (a deliberate 401, a blocked inline script…). */
  allowErrors: RegExp | undefined;
}

interface Fixtures {
  /** The console errors and uncaught errors seen so far in this test's pages. */
  pageProblems: PageProblem[];
}

function describe(p: PageProblem): string {
  return `${p.kind === "pageerror" ? "uncaught error" : "console error"}: ${p.text}${p.url ? ` (${p.url})` : ""}`;
}

export const test = base.extend<Options & Fixtures>({
  allowErrors: [undefined, { option: true }],
  pageProblems: [
    async ({ context, allowErrors: allowed }, use, testInfo) => {
      const problems: PageProblem[] = [];
      const watch = (page: Page): void => {
        page.on("console", (m: ConsoleMessage) => {
          if (m.type() !== "error") return;
          const { url } = m.location();
          problems.push({ kind: "console", text: m.text(), url });
        });
        page.on("pageerror", (e) => problems.push({ kind: "pageerror", text: `${e.name}: ${e.message}`, url: "" }));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(problems);
      const patterns = [...(allowed ? [allowed] : []), ...testInfo.annotations.filter((a) => a.type === ALLOW && a.description).map((a) => new RegExp(a.description as string))];
      const expected = (p: PageProblem): boolean => patterns.some((re) => re.test(p.text) || (p.url !== "" && re.test(p.url)));
      const unexpected = problems.filter((p) => !expected(p));
      expect(unexpected.map(describe), "the page logged errors (one the test causes on purpose: allowErrors, see e2e/support/test.ts)").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
// The types too, so a spec changes only the module it imports from.
export type * from "@playwright/test";
