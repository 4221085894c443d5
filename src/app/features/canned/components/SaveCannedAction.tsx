import { markKey } from "../../../session/autoAnswer";
import { useCalls } from "../../../session/context";
import type { PendingInput } from "../../input/inputStore";
import { cannedStore, useCanned } from "../cannedStore";

/** On an input card: save the answer about to be given under a name, for auto-answering next time. */
export function SaveCannedAction({ input }: { input: PendingInput }) {
  const mark = markKey(input.callId, input.round, input.key);
  const armed = useCanned((s) => s.armed[mark]);
  const target = useCalls((s) => (input.callId ? s.calls[input.callId]?.target : undefined));
  if (armed === undefined) {
    const name = input.era === "modern" ? `${target ?? "call"} ${input.key}` : `${target ?? "call"} ${String(input.params.message ?? input.kind)}`;
    return (
      <button type="button" className="link save-canned" onClick={() => cannedStore.arm(mark, name.slice(0, 80))}>
        Save as canned answer…
      </button>
    );
  }
  return (
    <span className="save-canned is-armed">
      <label className="field inline">
        <span>Save as</span>
        <input aria-label="Canned answer name" value={armed} onChange={(e) => cannedStore.arm(mark, e.target.value)} />
      </label>
      <span className="muted">when you answer</span>
      <button type="button" className="link" onClick={() => cannedStore.disarm(mark)}>
        Don’t save
      </button>
    </span>
  );
}
