/**
 * Saves JSON text as a file through the browser's download (nothing leaves the machine). The link is
 * in the document while it is clicked, and its object URL lives on for a while after, as some
 * browsers read it only once the click has been handled.
 */
export function downloadJson(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The address this app serves a file schema at (public/schemas/, beside index.html), for an exported
 * file's `$schema`: an editor that opens the file while the inspector runs can check it.
 */
export function schemaUrl(path: string): string {
  // Outside a page (the session file written in Node) there is no base to resolve against: the path stays relative.
  return typeof document === "undefined" ? path : new URL(path, document.baseURI).href;
}
