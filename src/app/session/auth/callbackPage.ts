/** The callback page, next to the app's index.html. */
export const CALLBACK_PAGE = "oauth-callback.html";

/** The redirect URL: the callback page beside the app's own index.html (works from any folder). */
export function callbackUrl(baseUri: string): string {
  return new URL(CALLBACK_PAGE, baseUri).href;
}
