import { useEffect, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/** Copies `text` to the clipboard and says so for a moment; a denied clipboard says that instead. */
/** The accessible name: the title when it holds the visible label (WCAG 2.5.3, label in name), else both. */
function nameOf(label: string, title: string | undefined): string {
  if (title === undefined) return label;
  return title.toLowerCase().includes(label.toLowerCase()) ? title : `${label} (${title})`;
}

export function CopyButton({ text, label = "Copy", title }: { text: string; label?: string; title?: string }) {
  // The outcome names the text it was for: a button reused for other text (a windowed list's row
  // given to another frame) shows its plain label, not another text's "Copied".
  const [outcome, setOutcome] = useState<{ state: CopyState; text: string }>({ state: "idle", text });
  const state = outcome.text === text ? outcome.state : "idle";
  useEffect(() => {
    if (outcome.state === "idle") return undefined;
    const timer = setTimeout(() => setOutcome({ state: "idle", text: "" }), 1500);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = (): void => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard) {
      setOutcome({ state: "failed", text });
      return;
    }
    clipboard.writeText(text).then(
      () => setOutcome({ state: "copied", text }),
      () => setOutcome({ state: "failed", text }),
    );
  };
  return (
    <button type="button" className="secondary small" onClick={copy} aria-label={nameOf(label, title)} title={title}>
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </button>
  );
}
