import type { LinkAsk } from "../useAppHost";

/**
 * An app asked to open a link (`ui/open-link`): nothing opens until the user has seen the whole
 * address and said yes, as for a URL elicitation. The address is shown as text, never as a link.
 */
export function LinkConfirm({ ask, app }: { ask: LinkAsk; app: string }) {
  const url = new URL(ask.url);
  return (
    <div className="app-link-ask" role="alertdialog" aria-label="Open a link for the app">
      <p>
        The app <strong>{app}</strong> asks to open a link to <strong>{url.host}</strong>:
      </p>
      <code className="app-link-url" data-testid="app-link-url">
        {ask.url}
      </code>
      <div className="app-link-buttons">
        <button type="button" onClick={() => ask.answer(true)}>
          Open in a new tab
        </button>
        <button type="button" onClick={() => ask.answer(false)}>
          Don't open
        </button>
      </div>
    </div>
  );
}
