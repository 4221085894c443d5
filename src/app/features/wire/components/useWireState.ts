import { useEffect, useState } from "react";
import { useSession } from "../../../session/context";
import type { WireState } from "../wireStore";
import type { OwnTask } from "./ownTask";

/**
 * The session's wire log, read into React state by a plain subscription rather than
 * useSyncExternalStore, which renders an external store's change synchronously in the task that made
 * it: frames arriving in an animation frame callback would be rendered, committed and laid out inside
 * that callback, every log on the page adding its render to the frame's one long task. Here a change
 * is rendered in the log's own task (`task`, see ownTask.ts). Every change is delivered: the waiting
 * update always carries the latest state, and the effect reads it again in case it changed between
 * render and subscribe.
 */
export function useWireState(task: OwnTask): WireState {
  const wire = useSession().wire;
  const [, setSeen] = useState(() => wire.getState());
  useEffect(() => {
    setSeen(wire.getState());
    return wire.subscribe((state) => task.schedule("entries", () => setSeen(state)));
  }, [wire, task]);
  // The state is only the signal to render: a render reads the store as it is now, so a render for
  // any other reason (a click, a session swapped under the component) never shows an older log.
  return wire.getState();
}
