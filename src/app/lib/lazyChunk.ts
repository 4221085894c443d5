import { McpError } from "../../core";

/**
 * A part of the app's code that the first view does not load (a chunk of its own): the embedded
 * servers, sign-in, the HTTP transports, recordings. Its failure to load (the inspector's server
 * stopped, the network is off, a new build replaced the files) is an error in words, never a blank
 * page: `explainError` knows it by its class.
 */
export class LazyLoadError extends McpError {
  constructor(what: string, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super({ kind: "transport", message: `the inspector could not load ${what} (${detail})`, cause });
    this.name = "LazyLoadError";
  }
}

/**
 * Loads a chunk once, on first use: every caller gets the same module. A failed load is a
 * LazyLoadError, and the next call tries again (a reload of the server, a network that came back).
 */
export function lazyChunk<T>(what: string, load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw new LazyLoadError(what, e);
    }));
}
