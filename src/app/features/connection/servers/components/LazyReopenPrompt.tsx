import { useConnection } from "../../../../session/context";
import { chunkComponent } from "../../../../lib/chunkComponent";
import { LazyPart } from "../../../../components/ui/LazyPart";
import { useReopen } from "../reopen";

// Asked only when the page opens on a saved server outside the page: its code is a chunk of its own,
// fetched when there is such a question (not in the first view of the embedded demo).
const reopenPrompt = chunkComponent("ReopenPrompt", () => import("./ReopenPrompt"), (m) => m.ReopenPrompt);

/** The question before reconnecting to the saved server used last (./ReopenPrompt.tsx), its code loaded when it is asked. */
export function LazyReopenPrompt() {
  const pending = useReopen((s) => s.pendingId !== undefined);
  const idle = useConnection((s) => s.status === "idle");
  if (!pending || !idle) return null;
  return (
    <LazyPart what="The question before reconnecting">
      <reopenPrompt.Component />
    </LazyPart>
  );
}
