import { CopyButton } from "../../../components/ui/CopyButton";
import { useConnection, usePresent, useUi } from "../../../session/context";
import { buildDeepLink } from "../deepLink";

/** A link to this place (target, revision, selected item, presentation mode) to hand out. */
export function CopyLink() {
  const target = useConnection((s) => s.settings.target);
  const revision = useConnection((s) => s.settings.revision);
  const selection = useUi((s) => s.selection);
  const present = usePresent((s) => s.on);
  const base = `${window.location.origin}${window.location.pathname}`;
  const link = buildDeepLink({ target, revision, selection, present }, base, window.location.search);
  return <CopyButton text={link} label="Copy link" title="Copy a link to this tool and connection" />;
}
