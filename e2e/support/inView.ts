import { expect, type Locator, type Page } from "@playwright/test";

/** Where an element is and what the page hits at its centre, measured in the page. */
function measure(el: Element): { inside: boolean; hit: boolean; box: string; at: string; name: string } {
  const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const labels = el instanceof HTMLInputElement && el.labels !== null ? [...el.labels] : [];
  const hit = at !== null && (at === el || el.contains(at) || labels.some((l) => l.contains(at)));
  return {
    inside,
    hit,
    box: `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} in ${window.innerWidth}x${window.innerHeight}`,
    at: at ? `${at.tagName.toLowerCase()}.${[...at.classList].join(".")}` : "nothing",
    name: `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.id}`,
  };
}

function check(seen: ReturnType<typeof measure>, what: string): void {
  expect(seen.inside, `${what} is inside the viewport (${seen.box})`).toBe(true);
  expect(seen.hit, `${what} is not covered (the page hits ${seen.at} at its centre)`).toBe(true);
}

/**
 * "In view" the way a person sees it: the element is inside the viewport and is what the page hits at
 * its centre (`document.elementFromPoint`), so nothing (a sticky bar, the wire log, another pane)
 * covers it. No scrolling is done to get there.
 */
export async function expectInView(page: Page, target: Locator, what: string): Promise<void> {
  check(await target.evaluate(measure), what);
}

/** The focused element (document.activeElement), in view and uncovered. */
export async function expectFocusInView(page: Page, what: string): Promise<void> {
  const seen = await page.evaluate(`(${measure.toString()})(document.activeElement)`) as ReturnType<typeof measure>;
  check(seen, `${what} (the focused ${seen.name})`);
}

/** The answer buttons of a card (Accept/Decline/Cancel, Send reply, I'm done…), each in view. */
export async function expectAnswerButtonsInView(page: Page, card: Locator, what: string): Promise<void> {
  const buttons = card.locator(".actions button");
  const n = await buttons.count();
  expect(n, `${what} has answer buttons`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const b = buttons.nth(i);
    if (!(await b.isVisible())) continue;
    await expectInView(page, b, `${what}: button "${(await b.textContent())?.trim()}"`);
  }
}

/** The three page sizes every "in view" case is checked at. */
export const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 768 },
  { width: 1440, height: 768 },
] as const;
