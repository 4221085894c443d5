import { useLayoutEffect, type RefObject } from "react";

/** Within the card's body (header buttons like "Save as canned" are not the answer). */
function inBody(selectors: string[]): string {
  return selectors.flatMap((c) => [`:scope > :not(header) ${c}`, `:scope > ${c}`]).join(", ");
}

const FIELDS = inBody(["input:not([type=hidden]):not([disabled])", "textarea:not([disabled])", "select:not([disabled])"]);
const BUTTONS = inBody(["button:not([disabled])"]);

/** The first answer control of a question card (a field, else a button), if it has rendered. */
export function firstControl(card: HTMLElement): HTMLElement | null {
  return card.querySelector<HTMLElement>(FIELDS) ?? card.querySelector<HTMLElement>(BUTTONS);
}

/** Someone is typing elsewhere in a question: a second question arriving does not take their focus. */
function busyElsewhere(card: HTMLElement): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || card.contains(active)) return false;
  return active.closest(".input-card, .held-retry") !== null;
}

/**
 * A question that arrives is the centre of the page: it is scrolled into view and its first answer
 * control focused (the card itself until its form has loaded, then the first field). The card must
 * be focusable (tabIndex -1).
 */
export function useQuestionFocus(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const card = ref.current;
    if (!card || busyElsewhere(card)) return undefined;
    const reveal = () => {
      const tall = card.getBoundingClientRect().height > window.innerHeight * 0.6;
      // jsdom has no scrollIntoView.
      card.scrollIntoView?.({ block: tall ? "start" : "nearest" });
    };
    reveal();
    const control = firstControl(card);
    (control ?? card).focus({ preventScroll: true });
    if (control) return undefined;
    // The form's code may still be loading: move focus to its first field once it shows, if the
    // person has not gone elsewhere meanwhile.
    const observer = new MutationObserver(() => {
      const c = firstControl(card);
      if (!c) return;
      observer.disconnect();
      if (document.activeElement === card) {
        c.focus({ preventScroll: true });
        reveal();
      }
    });
    observer.observe(card, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [ref]);
}
