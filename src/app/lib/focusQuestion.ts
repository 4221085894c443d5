import { useEffect, useLayoutEffect, type RefObject } from "react";

/** Within the card's body (header buttons like "Save as canned" are not the answer). */
function inBody(selectors: string[]): string {
  return selectors.flatMap((c) => [`:scope > :not(header) ${c}`, `:scope > ${c}`]).join(", ");
}

const FIELDS = inBody(["input:not([type=hidden]):not([disabled])", "textarea:not([disabled])", "select:not([disabled])"]);
const BUTTONS = inBody(["button:not([disabled])"]);
const REPLY = inBody(["textarea:not([disabled])"]);

/** The first answer control of a question card (a field, else a button), if it has rendered. */
export function firstControl(card: HTMLElement): HTMLElement | null {
  // A sampling card's answer is its reply text, not the Text / Tool use switch above it.
  const reply = card.getAttribute("data-kind") === "sampling/createMessage" ? card.querySelector<HTMLElement>(REPLY) : null;
  return reply ?? card.querySelector<HTMLElement>(FIELDS) ?? card.querySelector<HTMLElement>(BUTTONS);
}

/** The nearest ancestor that scrolls (the centre pane), or null when the page itself scrolls. */
function scrollerOf(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

/** Room kept between a focused control and the edge it would otherwise touch. */
const MARGIN = 8;

/**
 * Scrolls the question's scroller just enough that `el` is in view and not under the card's sticky
 * Accept/Decline/Cancel bar (which the browser's own focus scrolling does not know about).
 */
export function keepClearOfActions(card: HTMLElement, el: HTMLElement): void {
  const box = scrollerOf(card);
  if (!box) return;
  const view = box.getBoundingClientRect();
  let bottom = view.bottom;
  const bar = card.querySelector<HTMLElement>(".actions");
  if (bar && !bar.contains(el)) {
    const b = bar.getBoundingClientRect();
    if (b.height > 0 && b.top < view.bottom && b.bottom > view.top) bottom = Math.min(bottom, b.top);
  }
  const r = el.getBoundingClientRect();
  if (r.height === 0) return;
  if (r.bottom > bottom - MARGIN) box.scrollTop += Math.min(r.bottom - (bottom - MARGIN), r.top - (view.top + MARGIN));
  else if (r.top < view.top + MARGIN) box.scrollTop -= view.top + MARGIN - r.top;
}

/**
 * While the user tabs through a question, each control that takes the focus is kept clear of the
 * sticky bar: after the browser's own scrolling (next frame), so the correction is the last word.
 */
export function useClearOfActions(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const card = ref.current;
    if (!card) return undefined;
    let frame = 0;
    const onFocus = (e: FocusEvent) => {
      const target = e.target;
      if (!(target instanceof HTMLElement) || target === card) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => keepClearOfActions(card, target));
    };
    card.addEventListener("focusin", onFocus);
    // A card keeps growing after its field took the focus (a transcript or the form's code arriving
    // above it), and its pane changes height (the wire log folding): each time, the focused control
    // is put back clear of the bar, if the focus is still in this card.
    const onResize = () => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || active === card || !card.contains(active)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => keepClearOfActions(card, active));
    };
    const sizes = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : undefined;
    sizes?.observe(card);
    const pane = card.closest(".pane");
    if (pane) sizes?.observe(pane);
    return () => {
      card.removeEventListener("focusin", onFocus);
      sizes?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
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
    // The card goes to the top of its pane: the most room for it and for any question that came with
    // it (several URL cards of one -32042, copies of a form), which follow below it.
    const reveal = () => {
      // jsdom has no scrollIntoView.
      card.scrollIntoView?.({ block: "start" });
    };
    reveal();
    const control = firstControl(card);
    (control ?? card).focus({ preventScroll: true });
    if (control) {
      keepClearOfActions(card, control);
      return undefined;
    }
    // The form's code may still be loading: move focus to its first field once it shows, if the
    // person has not gone elsewhere meanwhile.
    const observer = new MutationObserver(() => {
      const c = firstControl(card);
      if (!c) return;
      observer.disconnect();
      if (document.activeElement === card) {
        c.focus({ preventScroll: true });
        reveal();
        keepClearOfActions(card, c);
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
