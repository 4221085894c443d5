type Result = Record<string, unknown>;

/**
 * The apps' `ui://` documents read ahead: MCP Apps declare them in the tool listing
 * (`_meta.ui.resourceUri`) so that a host can fetch and cache them before the tool runs; the page
 * reads one when its tool is chosen (attachApps). Each is read once per connection (a plain
 * resources/read the wire log shows, like the catalog's lists), kept when the read succeeds, and
 * forgotten when the server says its resources changed (list_changed, or resources/updated for that URI) or the connection changes.
 * An app whose document was not read ahead, or whose read failed, reads it itself when it opens.
 */
export function createReadAhead(read: (uri: string) => Promise<Result>) {
  let connectionId: number | undefined;
  const reads = new Map<string, Promise<Result | undefined>>();
  const reset = (id: number | undefined): void => {
    connectionId = id;
    reads.clear();
  };
  return {
    /** The app document `uri` of connection `id` is wanted soon: read it, unless it already was. */
    want(id: number, uri: string): void {
      if (id !== connectionId) reset(id);
      if (reads.has(uri)) return;
      // Kept as read: the app checks the document when it opens (useAppHost), as it checks its own
      // read, so a document it cannot be shown from fails in the same words either way. (The check
      // is the apps host's code, so it stays out of the first view.) A failed read is forgotten.
      const pending: Promise<Result | undefined> = read(uri).catch(() => {
        if (reads.get(uri) === pending) reads.delete(uri);
        return undefined;
      });
      reads.set(uri, pending);
    },
    /** The document read ahead for `uri` on connection `id`: its result, or undefined when there is none (the caller reads it). */
    get(id: number, uri: string): Promise<Result | undefined> | undefined {
      return id === connectionId ? reads.get(uri) : undefined;
    },
    /** The server's resources changed: all of them (no uri), or one. */
    changed(uri?: string): void {
      if (uri === undefined) reads.clear();
      else reads.delete(uri);
    },
    /** The connection changed or closed: nothing read ahead holds any more. */
    reset(): void {
      reset(undefined);
    },
  };
}

export type ReadAhead = ReturnType<typeof createReadAhead>;

/** The page's apps' documents read ahead: attachApps feeds it, useAppHost takes from it. */
let page: ReadAhead | undefined;
export const readAheadOf = (): ReadAhead | undefined => page;
export const pageReadAhead = (reads: ReadAhead | undefined): void => {
  page = reads;
};
