import { useMemo, useState, type ElementType } from "react";
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

/** Server text longer than this (or with more lines than COLLAPSE_LINES) is collapsed to its start. */
export const COLLAPSE_TEXT = 280;
const COLLAPSE_LINES = 4;
/** How much of a collapsed text shows. */
const TEXT_PREVIEW = 200;

function collapsedPreview(text: string): string | undefined {
  const lines = text.split("\n");
  if (text.length <= COLLAPSE_TEXT && lines.length <= COLLAPSE_LINES) return undefined;
  const start = lines.slice(0, COLLAPSE_LINES - 1).join("\n");
  return `${start.length > TEXT_PREVIEW ? start.slice(0, TEXT_PREVIEW) : start}…`;
}

/**
 * Server text that may be long (a question's message, a sampling prompt): past a few lines it shows
 * its start and a "Show all" button, so a 10,000-character message cannot push the fields and the
 * answer buttons out of view. The whole text is one press away, in a box that scrolls by itself.
 */
export function LongServerText({ text, className, label = "message" }: { text: unknown; className?: string; label?: string }) {
  const value = typeof text === "string" ? text : text === undefined || text === null ? "" : String(text);
  const [open, setOpen] = useState(false);
  const preview = useMemo(() => collapsedPreview(value), [value]);
  if (preview === undefined) return <ServerText as="p" className={className} text={value} />;
  return (
    <div className={`long-text${open ? " is-open" : ""}`} data-collapsed={open ? undefined : "true"}>
      {open ? (
        <div className="long-text-whole" role="region" aria-label={`The whole ${label}`} tabIndex={0}>
          <ServerText as="p" className={className} text={value} />
        </div>
      ) : (
        <ServerText as="p" className={className} text={preview} />
      )}
      <button type="button" className="link long-text-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? `Show less of the ${label}` : `Show all of the ${label} (${value.length.toLocaleString("en-US")} characters)`}
      </button>
    </div>
  );
}
