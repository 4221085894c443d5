import { useCalls } from "../../session/context";
import { taskTravelOf, travelText } from "./taskView";

/**
 * On an input card: when the question comes from a running task, how its answer travels
 * (`tasks/update` on 2026-07-28, a live request on tasks/result on 2025-11-25); null otherwise, so
 * the card keeps its usual badge.
 */
export function TaskTravelBadge({ callId }: { callId: string | undefined }) {
  const travel = useCalls((s) => (callId ? taskTravelOf(s.calls[callId]) : undefined));
  if (!travel) return null;
  return (
    <span className="badge travel task-travel" data-testid="task-travel">
      task: {travelText(travel)}
    </span>
  );
}

/** Whether the call is a task (its questions then carry TaskTravelBadge instead of the usual travel badge). */
export function useIsTask(callId: string | undefined): boolean {
  return useCalls((s) => (callId ? taskTravelOf(s.calls[callId]) !== undefined : false));
}
