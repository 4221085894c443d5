import { useState } from "react";
import { capText } from "../../lib/capText";

/** Shown before "Show all": enough to read, little enough that a hostile payload cannot stall the page. */
export const PREVIEW_CHARS = 4000;

/** Server text in a <pre>, as text, cut at `max` characters until the user asks for all of it. */
export function CappedPre({ text, max = PREVIEW_CHARS, className, label }: { text: string; max?: number; className?: string; label?: string }) {
  const [all, setAll] = useState(false);
  const capped = capText(text, all ? Number.POSITIVE_INFINITY : max);
  return (
    <div className="capped">
      <pre className={className} aria-label={label}>
        {capped.text}
      </pre>
      {capped.length > max && (
        <button type="button" className="link" onClick={() => setAll(!all)}>
          {all ? "Show less" : `Show all (${capped.length.toLocaleString("en")} characters)`}
        </button>
      )}
    </div>
  );
}
