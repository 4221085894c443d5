import { useState } from "react";
import { capText, safeJson } from "../../lib/capText";
import { CappedPre } from "./CappedPre";

/** One line of compact JSON; a click shows it pretty-printed (still capped). */
export function JsonPreview({ value, max = 160, label }: { value: unknown; max?: number; label?: string }) {
  const [open, setOpen] = useState(false);
  const line = capText(safeJson(value), max);
  return (
    <div className="json-preview">
      <button type="button" className="json-line" aria-expanded={open} aria-label={label} onClick={() => setOpen(!open)}>
        <code>
          {line.text}
          {line.truncated ? "…" : ""}
        </code>
      </button>
      {open && <CappedPre text={safeJson(value, 2)} />}
    </div>
  );
}
