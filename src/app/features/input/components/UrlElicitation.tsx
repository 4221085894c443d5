import { useMemo, useState } from "react";
import { useAnswer } from "../useAnswer";
import type { PendingInput } from "../inputStore";
import { checkUrl, WARNING_TEXT } from "../utils/urlCheck";
import { ServerText } from "./ServerText";
import { UrlDisplay } from "./UrlDisplay";

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
      <ServerText as="p" className="server-text" text={input.params.message} />
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
      {typeof elicitationId === "string" && (
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
      {!opened && check.openable && <p className="muted">Open the page first; “I'm done” appears after it.</p>}
    </div>
  );
}
