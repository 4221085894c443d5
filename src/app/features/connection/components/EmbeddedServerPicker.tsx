import type { EmbeddedServerName, Target } from "../../../stores/connectionStore";

const SERVERS: { name: EmbeddedServerName; label: string }[] = [
  { name: "demo", label: "Demo server" },
  { name: "hostile", label: "Hostile demo server (misbehaves on purpose)" },
];

/**
 * Which server runs in the page: the demo server, or the hostile demo server whose tools send broken
 * frames, hostile schemas, scripts and links (README "Hostile servers and faults"). Switching reconnects.
 */
export function EmbeddedServerPicker({ target, onConnect }: { target: Target; onConnect: (t: Target) => void }) {
  const current = target.kind === "embedded" ? (target.server ?? "demo") : "demo";
  return (
    <label className="field">
      <span>Embedded server</span>
      <select
        aria-label="Embedded server"
        value={current}
        onChange={(e) => {
          const server = e.target.value === "hostile" ? "hostile" : "demo";
          onConnect(server === "demo" ? { kind: "embedded" } : { kind: "embedded", server });
        }}
      >
        {SERVERS.map((s) => (
          <option key={s.name} value={s.name}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
