import { markKey } from "./autoAnswer";
import { useAuto } from "./context";

const LABEL = { canned: "canned", mock: "mock model", replay: "replayed" } as const;

/** Says that an input was answered without the user: by a canned answer, the mock model or a replay. */
export function AutoBadge({ callId, round, inputKey }: { callId: string; round: number; inputKey: string }) {
  const mark = useAuto((s) => s.marks[markKey(callId, round, inputKey)]);
  if (!mark) return null;
  return (
    <span className={`badge auto auto-${mark.by}`} title={`answered by ${LABEL[mark.by]}: ${mark.name}`} data-testid="auto-badge">
      {mark.by === "canned" ? `canned: ${mark.name}` : LABEL[mark.by]}
    </span>
  );
}
