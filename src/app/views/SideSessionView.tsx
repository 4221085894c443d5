import { ControllerProvider, useCalls, useSession } from "../session/context";
import type { SideSession } from "../session/sessions";
import { LazyRounds } from "./LazyParts";
import { WireLog } from "../features/wire/components/WireLog";

/** The side session's calls, newest first, to choose whose rounds are shown (the newest by default). */
function SideCalls({ id }: { id: number }) {
  const calls = useSession().calls;
  const order = useCalls((s) => s.order);
  const records = useCalls((s) => s.calls);
  const selected = useCalls((s) => s.selected);
  if (order.length === 0) return <p className="muted">No calls on session {id} yet.</p>;
  return (
    <label>
      Call{" "}
      <select value={selected ?? ""} onChange={(e) => calls.select(e.currentTarget.value || undefined)}>
        {[...order].reverse().map((callId) => {
          const call = records[callId];
          return (
            <option key={callId} value={callId}>
              {call?.method} {String(call?.params.name ?? call?.params.uri ?? "")} ({call?.status})
            </option>
          );
        })}
      </select>
    </label>
  );
}

/**
 * A session beside the live one, shown with its own stores: the rounds of its chosen call and its
 * wire log. Under its own ControllerProvider, so these views read that session and a command from
 * them (run again, step mode) goes to its controller, not the live one's.
 */
export default function SideSessionView({ side }: { side: SideSession }) {
  return (
    <ControllerProvider controller={side.controller}>
      <section className="side-rounds" aria-label={`Session ${side.id} rounds`}>
        <SideCalls id={side.id} />
        <LazyRounds />
      </section>
      <section className="side-frames" aria-label={`Session ${side.id} frames`}>
        <WireLog />
      </section>
    </ControllerProvider>
  );
}
