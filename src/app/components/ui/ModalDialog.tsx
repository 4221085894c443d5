import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the platform's <dialog> (showModal: the rest of the page is inert, the browser
 * draws the backdrop in the top layer). Rules on top of it: focus starts inside (the first control,
 * or `autoFocus` in the content), Tab and Shift+Tab cycle inside, Esc or a click on the backdrop
 * closes it, and Esc is taken here so the page's own Esc (cancel the pending question) does not also
 * run. When it closes, focus goes back to `returnFocus` or to whatever had it before.
 *
 * Why not Radix Dialog: its modal mode locks scrolling by injecting a <style> element, which the
 * app's Content Security Policy (style-src 'self') blocks; the native dialog needs no style element
 * and no code in the first view.
 */
export function ModalDialog({
  label,
  className,
  onClose,
  returnFocus,
  children,
}: {
  label: string;
  className?: string;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const before = useRef<Element | null>(typeof document === "undefined" ? null : document.activeElement);
  // In the commit that mounts it, not in a later task: a dialog that replaces another control (the
  // palette's stand-in input) has the focus before any further key event is handled.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (!dialog.open) {
      // jsdom has no showModal; the open attribute is the same for what it checks.
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!dialog.contains(document.activeElement) || document.activeElement === dialog) dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const previous = before.current;
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      const target = returnFocus?.() ?? (previous instanceof HTMLElement ? previous : null);
      target?.focus();
    };
    // Mount and unmount only: the dialog is shown while this component is.
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === "Tab") {
      const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || document.activeElement === e.currentTarget)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  return (
    <dialog
      ref={ref}
      aria-label={label}
      aria-modal="true"
      className={className}
      onKeyDown={onKeyDown}
      // The native Esc path (no keydown reached us): close the same way.
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
