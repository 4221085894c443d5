import { createElement, lazy, useState, type ComponentType } from "react";

/**
 * A component whose code is a chunk of its own, for a part the first view does not show (render it
 * inside a LazyPart, which says so in words when the chunk cannot load). `prefetch` fetches the
 * chunk ahead (prefetchForms, once connected). Once it is here the component renders directly:
 * through React.lazy alone it would suspend on its first render even then, and React holds a
 * Suspense reveal for 300 ms after a fallback. Each instance decides once, when it mounts, so none is
 * remounted (and its state lost) when the chunk arrives.
 */
export function chunkComponent<M, P extends object>(name: string, load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const prefetch = (): Promise<M> =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(() => prefetch().then((m) => ({ default: pick(m) })));
  function FromChunk(props: P) {
    const [Direct] = useState(() => (loaded ? pick(loaded) : undefined));
    return createElement(Direct ?? Lazy, props);
  }
  FromChunk.displayName = name;
  return { Component: FromChunk, prefetch };
}
