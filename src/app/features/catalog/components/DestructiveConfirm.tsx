import { ModalDialog } from "../../../components/ui/ModalDialog";
import { useController } from "../../../session/context";
import { answerConfirm, useConfirm } from "../../../session/confirmRun";

/** "This tool is marked destructive: call it?" before the call goes; Cancel (the focused button) sends nothing. */
export function DestructiveConfirm() {
  const controller = useController();
  const pending = useConfirm((s) => s.pending);
  if (!pending) return null;
  return (
    <ModalDialog label="Call a destructive tool?" className="dialog confirm-destructive" onClose={() => answerConfirm(controller, false)}>
      <h2>Call a destructive tool?</h2>
      <p>
        The server marks <strong>{pending.title}</strong> (<code>{pending.selection.name}</code>) as destructive: it may delete or overwrite data. The mark is the server's own
        claim.
      </p>
      <div className="actions">
        <button type="button" className="secondary" autoFocus onClick={() => answerConfirm(controller, false)}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={() => answerConfirm(controller, true)}>
          Call it
        </button>
      </div>
      <p className="muted">This question can be switched off under Settings → Appearance and safety.</p>
    </ModalDialog>
  );
}
