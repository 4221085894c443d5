import { useState } from "react";
import type { ServerEntry } from "../../../../stores/serverEntry";
import { inputIdsOf } from "../configs/configImport";

/** The `${input:…}` values an imported entry needs, asked at connect; they are used for this connection and never stored. */
export function AskInputs({ entry, onConnect, onCancel }: { entry: ServerEntry; onConnect: (values: Record<string, string>) => void; onCancel: () => void }) {
  const ids = inputIdsOf(entry);
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <form
      className="headers-editor ask-inputs"
      aria-label={`Values for ${entry.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        onConnect(values);
      }}
    >
      <p>
        <strong>{entry.name}</strong> asks for {ids.length === 1 ? "a value" : `${ids.length} values`} before it connects (used for this connection only, never stored):
      </p>
      {ids.map((id) => {
        const input = entry.inputs?.find((i) => i.id === id);
        return (
          <label key={id} className="field">
            <span>{input?.description ?? id}</span>
            <input aria-label={input?.description ?? id} type={input?.password ? "password" : "text"} value={values[id] ?? ""} onChange={(e) => setValues({ ...values, [id]: e.target.value })} />
          </label>
        );
      })}
      <div className="actions">
        <button type="submit">Connect</button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
