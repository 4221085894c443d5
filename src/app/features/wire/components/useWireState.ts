import { useEffect, useState } from "react";
import { useSession } from "../../../session/context";
import type { WireState } from "../wireStore";

/**
 * The session's wire log, read into React state by a plain subscription rather than
 * useSyncExternalStore. An external store's change renders synchronously, in the task that made it:
 * frames arriving in an animation frame callback would be rendered, committed and laid out inside
 * that callback, each log on the page adding its render to the frame's one long task. A state update
 * outside an event is rendered in a task of React's scheduler instead, once for every log that
 * changed in that task (React batches them), and the browser's frame stays the frames' appends plus
 * its own layout and paint. A change made in an event handler (a click that sends a frame) still
 * renders at once, at that event's priority. Every change is delivered: the subscription keeps the
 * latest state, and the effect reads it again in case it changed between render and subscribe.
 */
export function useWireState(): WireState {
  const wire = useSession().wire;
  const [, setSeen] = useState(() => wire.getState());
  useEffect(() => {
    setSeen(wire.getState());
    return wire.subscribe(setSeen);
  }, [wire]);
  // The state is only the signal to render: a render reads the store as it is now, so a render for
  // any other reason (a click, a session swapped under the component) never shows an older log.
  return wire.getState();
}
