import { useState } from "react";
import { capText, safeJson } from "../../lib/capText";
import { CappedPre } from "./CappedPre";

/** One line of compact JSON; a click shows it pretty-printed (still capped). */
export function JsonPreview({ value, max = 160, label }: { value: unknown; max?: number; label?: string }) {
  const [open, setOpen] = useState(false);
  const line = capText(safeJson(value), max);
  return (
    // The label names the group; the button's name is the JSON it shows (WCAG 2.5.3, label in name).
    <div className="json-preview" role={label ? "group" : undefined} aria-label={label}>
      <button type="button" className="json-line" aria-expanded={open} onClick={() => setOpen(!open)}>
        <code>
          {line.text}
          {line.truncated ? "…" : ""}
        </code>
      </button>
      {open && <CappedPre text={safeJson(value, 2)} />}
    </div>
  );
}
