import { lazyChunk } from "../lib/lazyChunk";

/** The embedded servers' chunk (./embedded.ts), loaded once: by main.tsx at start, by the controller when it connects. */
export const loadEmbedded = lazyChunk("the embedded demo server", () => import("./embedded"));
