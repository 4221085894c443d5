import type { HeaderRow } from "../../../stores/connectionStore";

/** Editable name/value rows (HTTP headers, environment variables); labels say which row is which. */
export function KeyValueRows({ rows, onChange, noun, namePlaceholder, valuePlaceholder }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void; noun: string; namePlaceholder: string; valuePlaceholder: string }) {
  const set = (i: number, patch: Partial<HeaderRow>) => onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <div className="kv-rows">
      {rows.map((row, i) => (
        <div key={i} className="header-row">
          <input aria-label={`${noun} name ${i + 1}`} value={row.name} placeholder={namePlaceholder} onChange={(e) => set(i, { name: e.target.value })} />
          <input aria-label={`${noun} value ${i + 1}`} value={row.value} placeholder={valuePlaceholder} onChange={(e) => set(i, { value: e.target.value })} />
          <button type="button" aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { name: "", value: "" }])}>
        Add {noun.toLowerCase()}
      </button>
    </div>
  );
}
