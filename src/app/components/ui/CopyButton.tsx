import { useEffect, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/** Copies `text` to the clipboard and says so for a moment; a denied clipboard says that instead. */
/** The accessible name: the title when it holds the visible label (WCAG 2.5.3, label in name), else both. */
function nameOf(label: string, title: string | undefined): string {
  if (title === undefined) return label;
  return title.toLowerCase().includes(label.toLowerCase()) ? title : `${label} (${title})`;
}

export function CopyButton({ text, label = "Copy", title }: { text: string; label?: string; title?: string }) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return undefined;
    const timer = setTimeout(() => setState("idle"), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = (): void => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard) {
      setState("failed");
      return;
    }
    clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };
  return (
    <button type="button" className="secondary small" onClick={copy} aria-label={nameOf(label, title)} title={title}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </button>
  );
}
