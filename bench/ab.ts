/**
 * A/B of a start-up lever: `npx tsx bench/ab.ts <dirA> <dirB> [trials]` serves two builds of the app
 * (each `vite build --outDir <dir>`, e.g. before and after a change) with startAppServer and the
 * bridge, as `npm start` does, and loads each in turn (A B, B A, …), each load a fresh browser
 * context, timed from navigation to connected as the start-up figure is. Prints each side's median
 * with its spread, the median of the paired differences (B − A, each pair run back to back), and how
 * many pairs B won. A lever is kept when B wins clearly on a quiet machine (check `uptime`).
 * `--http` times the first connect over HTTP instead, as the start-up part does: each build opened
 * with `?target=<the demo server over HTTP>`, its Connect clicked at the DOM change that shows it.
 */
import { startBridge } from "../src/bridge";
import { startAppServer } from "../src/bridge/appServer";
import { demoServer } from "../src/server/demo";
import { startHttpServer } from "../src/server/http/handler";
import { launchChromium } from "./lib/browser";
import { OURS_CONNECTED, OURS_CONNECT_BUTTON, timeToConnected } from "./lib/startupPage";
import { formatSpread, median, spread } from "./lib/stats";

const http = process.argv.includes("--http");
const [dirA, dirB, trialsArg] = process.argv.slice(2).filter((a) => a !== "--http");
if (!dirA || !dirB) {
  console.error("usage: npx tsx bench/ab.ts [--http] <built app A> <built app B> [trials, default 31]");
  process.exit(2);
}
const trials = Number(trialsArg) || 31;

const bridge = await startBridge({ port: 0, loopbackOrigins: false });
const a = await startAppServer({ root: dirA, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
const b = await startAppServer({ root: dirB, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
bridge.setAllowedOrigins([a, b].flatMap((s) => [`http://127.0.0.1:${s.port}`, `http://localhost:${s.port}`]));
const demo = http ? await startHttpServer(demoServer()) : undefined;
const browser = await launchChromium();
const xs: number[] = [];
const ys: number[] = [];
const page = (base: string) => (demo ? `${base}?target=${encodeURIComponent(demo.url)}` : base);
const time = (base: string) => timeToConnected(browser, page(base), OURS_CONNECTED, demo ? OURS_CONNECT_BUTTON : undefined);
try {
  await time(a.url);
  await time(b.url);
  for (let i = 0; i < trials; i++) {
    if (i % 2 === 0) {
      xs.push(await time(a.url));
      ys.push(await time(b.url));
    } else {
      ys.push(await time(b.url));
      xs.push(await time(a.url));
    }
  }
} finally {
  await browser.close();
  await demo?.close();
  await a.close();
  await b.close();
  await bridge.close();
}
const diffs = xs.map((x, i) => (ys[i] as number) - x);
console.log(`A ${dirA}: ${formatSpread(spread(xs), "ms")}`);
console.log(`B ${dirB}: ${formatSpread(spread(ys), "ms")}`);
console.log(`B − A, paired: median ${median(diffs).toFixed(1)} ms; B faster in ${diffs.filter((d) => d < 0).length} of ${trials} pairs`);
