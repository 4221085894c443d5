import { loadCallRounds } from "../../core";
import { lazyChunk } from "../lib/lazyChunk";

// Code that must be in place before the first question of a call arrives (the canned answers'
// answerer, attached by the composition): loaded with the call rounds, so a call never runs without it.
const withCallCode = new Set<() => Promise<unknown>>();

/**
 * Loads `load` together with the call code, before any call runs: a question is answered only
 * during a call (or by the rounds' server requests), and both wait for this chunk, so what
 * `load` attaches answers synchronously from the first question on. Register before the first
 * call (the composition does, before connecting). Returns the undo.
 */
export function loadWithCallCode(load: () => Promise<unknown>): () => void {
  withCallCode.add(load);
  return () => withCallCode.delete(load);
}

/**
 * The code that runs a call's rounds (the core's call rounds, for LazyClient): not in the first view,
 * where connecting and listing need none of it. Fetched ahead once connected (prefetchForms.ts), so
 * the first call finds it; a call made before waits for it, and a failed load is its error in words.
 */
export const loadCallCode = lazyChunk("the code that runs calls", async (): Promise<Awaited<ReturnType<typeof loadCallRounds>>> => {
  const [rounds] = await Promise.all([loadCallRounds(), ...[...withCallCode].map((load) => load())]);
  return rounds;
});
