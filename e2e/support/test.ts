import AxeBuilder from "@axe-core/playwright";
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
  /**
   * Runs axe-core on the page as it is now (every rule tagged AXE_TAGS) and fails the test on any
   * violation of impact `serious` or `critical`, and on any other violation unless `allowModerate`.
   * `what` names the view in the message; `page` defaults to the test's page.
   */
  axe: (what: string, options?: { page?: Page; allowModerate?: boolean }) => Promise<void>;
}

/**
 * The axe-core rules checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices
 * (landmarks, one level-one heading, no content outside landmarks). Every rule carrying one of these
 * tags runs; none is disabled.
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] as const;

function describe(p: PageProblem): string {
  return `${p.kind === "pageerror" ? "uncaught error" : "console error"}: ${p.text}${p.url ? ` (${p.url})` : ""}`;
}

export const test = base.extend<Options & Fixtures>({
  axe: async ({ page }, use) => {
    await use(async (what, options = {}) => {
      // Legacy mode runs axe.run() in the page itself. The default instead runs axe.runPartial() in
      // every frame and then axe.finishRun() in a fresh blank page it opens for each scan, which costs
      // two to three times as long for the same findings here. What legacy mode skips is frames of
      // another origin: a server's MCP App in its sandbox, whose content the server writes; the frame
      // element itself (its title, its focusable content) is still checked from our page.
      const results = await new AxeBuilder({ page: options.page ?? page }).withTags([...AXE_TAGS]).setLegacyMode(true).analyze();
      const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical" || !options.allowModerate);
      const said = blocking.map((v) => `${v.impact ?? "?"} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, " ").slice(0, 160)})` : ""}`).join("; ")}`);
      expect(said, `axe-core violations in ${what}`).toEqual([]);
    });
  },
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
