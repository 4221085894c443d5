import { useEffect, useState } from "react";
import { DEFAULT_TIMEOUT_MS, type ConnectionSettings } from "../../../stores/connectionStore";

/**
 * The per-request timeout in seconds (0: none). It ends calls to a server that went quiet, and never
 * runs while a person is answering a form (the client holds it, or no request is in flight).
 */
export function TimeoutField({ settings, onApply }: { settings: ConnectionSettings; onApply: (p: Partial<ConnectionSettings>) => void }) {
  const seconds = (settings.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000;
  const [text, setText] = useState(String(seconds));
  useEffect(() => setText(String(seconds)), [seconds]);
  const commit = (): void => {
    const n = Number(text);
    if (Number.isFinite(n) && n >= 0 && n <= 3600 && n !== seconds) onApply({ timeoutMs: Math.round(n * 1000) });
    else setText(String(seconds));
  };
  return (
    <label className="field inline" title="Per-request timeout; 0 waits forever. Never runs while you answer a form.">
      <span>Timeout (s)</span>
      <input
        type="number"
        aria-label="Timeout (s)"
        min={0}
        max={3600}
        step="any"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
    </label>
  );
}
