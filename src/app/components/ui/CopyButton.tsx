import { useEffect, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/** Copies `text` to the clipboard and says so for a moment; a denied clipboard says that instead. */
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
    <button type="button" className="secondary small" onClick={copy} aria-label={title ?? label} title={title}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </button>
  );
}
