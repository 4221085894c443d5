import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * Every spec imports `test` and `expect` from here, not from @playwright/test: each test fails if any
 * page of its context logs a console error or throws an uncaught error (issue 15: "every e2e test fails
 * on a console error or an uncaught page error"). The check runs after the test body, so a test that
 * already failed keeps its own failure.
 *
 * An error a test causes on purpose is allowed by name, for a file or a describe block, with
 * `test.use({ allowErrors: /401 \(Unauthorized\)/ })` (one pattern; join several with `|`), matched
 * against the message text (an uncaught error as "Name: message") and its source URL. Nothing is
 * allowed by default.
 */

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
    async ({ context, allowErrors }, use) => {
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
      const allowed = (p: PageProblem): boolean => allowErrors !== undefined && (allowErrors.test(p.text) || (p.url !== "" && allowErrors.test(p.url)));
      const unexpected = problems.filter((p) => !allowed(p));
      expect(unexpected.map(describe), "the page logged errors (allow expected ones with test.use({ allowErrors }))").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
// The types too, so a spec changes only the module it imports from.
export type * from "@playwright/test";
