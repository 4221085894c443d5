import { useMemo, useState } from "react";
import { useAnswer } from "../useAnswer";
import type { PendingInput } from "../inputStore";
import { LongServerText, ServerText } from "../../../components/ui/ServerText";
import { UrlDisplay } from "./UrlDisplay";
import { useConnection } from "../../../session/context";
import { checkUrl, WARNING_TEXT, type Era } from "../../../../core";
import "../input.css";

/**
 * Who closes the card. 2025-11-25 has `notifications/elicitation/complete`: the server may say the
 * page is done and the card then closes by itself ("the server says this is done"). 2026-07-28 has no
 * such notice (nor does any earlier revision): only the user's “I'm done” or Cancel ends it.
 */
function CompletionHint({ era, elicitationId }: { era: Era; elicitationId: unknown }) {
  const revision = useConnection((s) => s.revision);
  const notices = era === "legacy" && revision !== undefined && revision >= "2025-11-25" && typeof elicitationId === "string";
  return (
    <span className="completion-hint" data-testid="completion-hint">
      {notices
        ? "The server may say when this is done (notifications/elicitation/complete); the card then closes by itself."
        : era === "modern"
          ? "2026-07-28 has no completion notice: press “I'm done” when you have finished, or Cancel."
          : "This revision has no completion notice: press “I'm done” when you have finished, or Cancel."}
    </span>
  );
}

/**
 * A URL-mode elicitation: the full URL with its host emphasised and its risks in words. Nothing is
 * fetched or opened until the user presses "Open in new tab"; "I'm done" then sends the consent.
 */
export function UrlElicitation({ input }: { input: PendingInput }) {
  const { answer } = useAnswer(input);
  const check = useMemo(() => checkUrl(input.params.url), [input.params.url]);
  const [opened, setOpened] = useState(false);
  const elicitationId = input.params.elicitationId;
  const open = () => {
    if (!check.openable) return;
    window.open(check.href, "_blank", "noopener,noreferrer");
    setOpened(true);
  };
  return (
    <div className="url-elicitation">
      <LongServerText className="server-text" text={input.params.message} />
      <UrlDisplay check={check} />
      {check.warnings.length > 0 && (
        <ul className="input-warnings" aria-label="URL warnings">
          {check.warnings.map((w) => (
            <li key={w} data-warning={w}>
              {w === "special-host" ? (check.hostWords ?? WARNING_TEXT[w]) : WARNING_TEXT[w]}
            </li>
          ))}
        </ul>
      )}
      {/* The card's header already shows the id when it is the question's key (initialize era). */}
      {typeof elicitationId === "string" && elicitationId !== input.key && (
        <p className="muted">
          elicitation id <code><ServerText text={elicitationId} /></code>
        </p>
      )}
      {!check.openable && <p className="input-warning">This link cannot be opened from the inspector; it is shown as text only.</p>}
      <div className="actions">
        {opened && (
          <button type="button" onClick={() => answer({ action: "accept" })}>
            I'm done
          </button>
        )}
        {check.openable && (
          <button type="button" onClick={open}>
            {opened ? "Open again" : "Open in new tab"}
          </button>
        )}
        <button type="button" onClick={() => answer({ action: "decline" })}>
          Decline
        </button>
        <button type="button" onClick={() => answer({ action: "cancel" })}>
          Cancel
        </button>
      </div>
      {/* One short paragraph under the buttons, so two URL cards fit one short window. */}
      <p className="muted url-hints">
        {!opened && check.openable && <span>Open the page first; “I'm done” appears after it. </span>}
        <CompletionHint era={input.era} elicitationId={elicitationId} />
      </p>
    </div>
  );
}
