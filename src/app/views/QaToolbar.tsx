import { useConnection, usePresent } from "../session/context";
import { CopyLink } from "../features/links/components/CopyLink";
import { PresentToggle } from "../features/present/components/PresentToggle";
import { SessionMenu } from "../features/session/components/SessionMenu";

/** The QA and demo tools: present, share a link, export or import a session; the palette's key. */
export function QaToolbar() {
  const present = usePresent((s) => s.on);
  const status = useConnection((s) => s.status);
  const server = useConnection((s) => s.serverInfo);
  if (present) {
    return (
      <div className="qa-toolbar is-present" role="toolbar" aria-label="Presentation">
        <strong className="present-title">{server?.title ?? server?.name ?? "presa inspector"}</strong>
        {status !== "connected" && <span className="badge warn">{status}</span>}
        <span className="muted">Ctrl/Cmd+K to find a tool · Ctrl/Cmd+Enter to run · Esc to cancel a question</span>
        <PresentToggle />
      </div>
    );
  }
  return (
    <div className="qa-toolbar" role="toolbar" aria-label="QA and demos">
      <PresentToggle />
      <CopyLink />
      <SessionMenu />
      <span className="muted qa-keys">
        <kbd>Ctrl/Cmd+K</kbd> find · <kbd>Ctrl/Cmd+Enter</kbd> run · <kbd>Esc</kbd> cancel the question
      </span>
    </div>
  );
}
