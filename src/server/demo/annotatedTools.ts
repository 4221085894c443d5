import type { ToolDefinition } from "../definitions";

/**
 * A tool the demo marks destructive (annotations: destructiveHint), so the inspector's confirm before
 * such a call can be seen and tested. It deletes nothing: it only says what it would have done.
 */
export const resetNotes: ToolDefinition = {
  name: "reset-notes",
  title: "Reset notes (marked destructive)",
  description: "Pretends to delete every note; marked destructive so clients ask first",
  annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: () => "All notes deleted (a demo: nothing was really deleted).",
};
