/**
 * Whether this page runs inside a frame, of any origin. The app refuses to run there: a page of
 * another site could otherwise frame it and lead the user into clicking Spawn (clickjacking). Servers
 * of the app send `frame-ancestors 'none'` and `X-Frame-Options: DENY`, which stop the frame from
 * loading at all; this covers static hosts that send neither (a meta CSP cannot forbid framing).
 */
export function isFramed(win: Pick<Window, "self" | "top">): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

export const FRAMED_MESSAGE = "presa inspector does not run inside a frame: open it in a tab of its own.";
