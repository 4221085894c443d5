import { useMemo, type ElementType } from "react";
import { hiddenWarning, splitHidden, summarizeHidden } from "../../lib/invisible";
import "./serverText.css";

/**
 * Server text as plain text, with every hidden character (bidi controls, zero-width, tags…) shown
 * as a visible ⟦U+…⟧ marker, so the words cannot be reordered or padded unseen. The text is isolated
 * (`unicode-bidi: isolate`) so it cannot reorder what stands around it either.
 */
export function ServerText({ text, as: Tag = "span", className }: { text: unknown; as?: ElementType; className?: string }) {
  const value = typeof text === "string" ? text : text === undefined || text === null ? "" : String(text);
  const parts = useMemo(() => splitHidden(value), [value]);
  const flagged = parts.some((p) => p.kind === "hidden");
  return (
    <Tag className={`server-text-run ${className ?? ""}`} dir="auto" data-hidden-chars={flagged ? "true" : undefined}>
      {parts.map((p, i) =>
        p.kind === "text" ? (
          p.text
        ) : (
          <mark key={i} className={`hidden-char ${p.char.bidi ? "bidi" : ""}`} title={`${p.char.code} ${p.char.name} (invisible in the original)`}>
            ⟦{p.char.code}⟧
          </mark>
        ),
      )}
    </Tag>
  );
}

/** The card's one warning about hidden characters anywhere in the server's text for this question. */
export function HiddenCharsWarning({ texts }: { texts: readonly string[] }) {
  const warning = useMemo(() => hiddenWarning(summarizeHidden(texts)), [texts]);
  if (!warning) return null;
  return (
    <p className="input-warning hidden-chars-warning" role="note" data-warning="hidden-characters">
      ⚠ {warning}
    </p>
  );
}
