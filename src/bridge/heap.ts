import { setFlagsFromString } from "node:v8";

/**
 * The bridge's heap grows by at most a fifth past what was live at the last full collection (V8's
 * default lets it double or more). Server output passes through the bridge at hundreds of MB/s,
 * and what waited in a backlog is garbage in the old generation once it leaves: with the default
 * growth 16 sessions draining took the bridge ~150 MB past idle, with this ~75 MB. V8 reads this
 * flag at each collection, so setting it once the process runs takes effect.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString("--heap-growing-percent=20");
}
