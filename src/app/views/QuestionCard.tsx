import type { ReactNode } from "react";
import { InputRequestCard } from "../features/input/components/InputRequestCard";
import type { PendingInput } from "../features/input/inputStore";
import { SaveCannedAction } from "../features/canned/components/SaveCannedAction";
import { TaskTravelBadge, useIsTask } from "../features/tasks/TaskTravelBadge";

/** A task's question travels its own way (tasks/update, or a live request on tasks/result); any other the usual way. */
function TaskAwareTravel({ input, usual }: { input: PendingInput; usual: ReactNode }) {
  const isTask = useIsTask(input.callId);
  return isTask ? <TaskTravelBadge callId={input.callId} /> : <>{usual}</>;
}

/** A question as the call view shows it: the input feature's card, with the tasks feature's travel badge and the canned answers' save action. */
export function QuestionCard({ input }: { input: PendingInput }) {
  return <InputRequestCard input={input} Travel={TaskAwareTravel} Actions={SaveCannedAction} />;
}
