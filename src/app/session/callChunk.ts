import { loadCallRounds } from "../../core";
import { lazyChunk } from "../lib/lazyChunk";

/**
 * The code that runs a call's rounds (the core's call rounds, for LazyClient): not in the first view,
 * where connecting and listing need none of it. Fetched ahead once connected (prefetchForms.ts), so
 * the first call finds it; a call made before waits for it, and a failed load is its error in words.
 */
export const loadCallCode = lazyChunk("the code that runs calls", loadCallRounds);
