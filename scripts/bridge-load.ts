/**
 * The bridge under 16 sessions printing as fast as they can (bench/bridgeLoad.ts), run alone: prints
 * the bridge's memory over idle and `/info` latency with no reader and while 16 readers drain.
 *
 *   npx tsx scripts/bridge-load.ts
 */
import { table } from "../bench/lib/figures";
import { run } from "../bench/bridgeLoad";

const figures = await run((line) => console.log(line));
console.log("");
console.log(table(figures));
process.exit(figures.every((f) => f.met) ? 0 : 1);
