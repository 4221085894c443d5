import type { CapabilityKey, CapabilityMode } from "../../../stores/connectionStore";

const LABELS: Record<CapabilityKey, string> = {
  elicitationForm: "Elicitation (form)",
  elicitationUrl: "Elicitation (URL)",
  sampling: "Sampling",
  roots: "Roots",
};

const MODES: { value: CapabilityMode; label: string }[] = [
  { value: "handled", label: "on" },
  { value: "off", label: "off (not declared)" },
  { value: "declared", label: "declared, no handler" },
];

/** Which kinds of input the client can answer: the handlers decide what is declared. */
export function CapabilityToggles({ value, onChange }: { value: Record<CapabilityKey, CapabilityMode>; onChange: (v: Record<CapabilityKey, CapabilityMode>) => void }) {
  return (
    <fieldset className="capabilities">
      <legend>Client capabilities</legend>
      {(Object.keys(LABELS) as CapabilityKey[]).map((key) => (
        <label key={key} className="field inline" data-mode={value[key]}>
          <span>{LABELS[key]}</span>
          <select aria-label={LABELS[key]} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value as CapabilityMode })}>
            {MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
