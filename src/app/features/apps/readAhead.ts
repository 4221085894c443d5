/**
 * How many apps' documents are read ahead per tool listing: a server that lists many apps gets its
 * first few read ahead, the rest when their tool is called (as before), so a listing never turns
 * into a burst of reads the user did not ask for.
 */
export const READ_AHEAD_LIMIT = 4;

type Result = Record<string, unknown>;

/**
 * The apps' `ui://` documents read ahead: MCP Apps declare them in the tool listing
 * (`_meta.ui.resourceUri`) so that a host can fetch and cache them before the tool runs. Each is read
 * once per connection (a plain resources/read the wire log shows, like the catalog's lists), kept
 * when the read succeeds, and forgotten when the server says its
 * resources changed (list_changed, or resources/updated for that URI) or the connection changes.
 * An app whose document was not read ahead, or whose read failed, reads it itself when it opens.
 */
export function createReadAhead(read: (uri: string) => Promise<Result>, limit = READ_AHEAD_LIMIT) {
  let connectionId: number | undefined;
  const reads = new Map<string, Promise<Result | undefined>>();
  const reset = (id: number | undefined): void => {
    connectionId = id;
    reads.clear();
  };
  return {
    /** A tool listing on `id` named these app documents: reads the first `limit` not already read. */
    listed(id: number, uris: readonly string[]): void {
      if (id !== connectionId) reset(id);
      for (const uri of [...new Set(uris)].slice(0, limit)) {
        if (reads.has(uri)) continue;
        // Kept as read: the app checks the document when it opens (useAppHost), as it checks its own
        // read, so a document it cannot be shown from fails in the same words either way. (The check
        // is the apps host's code, not needed to list tools, so it stays out of the first view.)
        const pending = read(uri).then(
          (result) => result,
          () => forget(uri),
        );
        const forget = (u: string): undefined => {
          if (reads.get(u) === pending) reads.delete(u);
          return undefined;
        };
        reads.set(uri, pending);
      }
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
