import type { ChainLink } from "../utils/chainOf";

const ECHO_TEXT: Record<ChainLink["echo"], string> = {
  exact: "✓ the retry echoed this token byte for byte",
  edited: "✗ the retry sent a different token",
  removed: "✗ the retry dropped this token",
  added: "✗ the retry carried a token the server never sent",
  none: "no token, and the retry sent none",
  pending: "not retried yet",
  live: "",
};

const NEXT_TEXT: Record<ChainLink["next"], string> = {
  new: "the next round brought a new token",
  same: "the next round reused this token",
  dropped: "the next round has no token",
  none: "",
  end: "",
};

/** How this round's retry treated its token, and how the next round's token relates to it. */
export function ChainNote({ link, finished = false }: { link: ChainLink; finished?: boolean }) {
  // A finished call has no retry coming: its last round ended the call (answered, declined or failed).
  const echo = link.echo === "pending" && finished ? "no retry followed: the call ended with this round" : ECHO_TEXT[link.echo];
  const next = NEXT_TEXT[link.next];
  if (!echo && !next) return null;
  return (
    <p className={`chain-note ${link.mismatch ? "bad" : ""}`} data-echo={link.echo}>
      {echo}
      {link.diffAt !== undefined ? ` (differs from character ${link.diffAt})` : ""}
      {echo && next ? "; " : ""}
      {next}
      {link.sameScope === false ? " (for another method, params or caller)" : ""}
    </p>
  );
}
