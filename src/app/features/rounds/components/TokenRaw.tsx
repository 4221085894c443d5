import { useState } from "react";
import { CopyButton } from "../../../components/ui/CopyButton";

/** Characters of a token shown before "expand"; tokens can be any length. */
export const TOKEN_PREVIEW = 96;
/** Even expanded, a token longer than this is shown cut (copy gets all of it). */
const TOKEN_EXPANDED_MAX = 200_000;

/** The token exactly as the server sent it: monospace, cut until expanded, copyable whole. */
export function TokenRaw({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const long = token.length > TOKEN_PREVIEW;
  const shown = open ? token.slice(0, TOKEN_EXPANDED_MAX) : token.slice(0, TOKEN_PREVIEW);
  return (
    <div className="token-raw">
      <code className="token-text" data-testid="token-raw">
        {shown}
        {(!open && long) || token.length > TOKEN_EXPANDED_MAX ? "…" : ""}
      </code>
      <div className="token-raw-actions">
        <span className="muted">{token.length.toLocaleString("en")} chars</span>
        {long && (
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "collapse" : "expand"}
          </button>
        )}
        <CopyButton text={token} title="Copy token" />
      </div>
    </div>
  );
}
