// The local bridge alone: `npm run bridge -- [--port 0] [--host 127.0.0.1] [--allow-origin URL]...`.
// `npm start` runs it beside the app and hands the token to the page itself; run alone, paste the
// URL and token it prints into the app ("Bridge" in the connection bar).
import { chmodSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isLoopbackHost, startBridge } from "../src/bridge";
import { boundHeapGrowth } from "../src/bridge/heap";
import { stopOnSignals } from "../src/bridge/shutdown";

// Output streams through at hundreds of MB/s: keep the heap near what is live (src/bridge/heap.ts).
boundHeapGrowth();

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
    "allow-origin": { type: "string", multiple: true, default: [] },
    "allow-host": { type: "string", multiple: true, default: [] },
    "no-loopback-origins": { type: "boolean", default: false },
    "token-file": { type: "string" },
    "dangerously-allow-remote": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(`usage: npm run bridge -- [options]
  --port N                    port on 127.0.0.1 (default 0: a free one)
  --host ADDR                 bind address; loopback only unless --dangerously-allow-remote
  --allow-origin ORIGIN       also allow pages from ORIGIN (repeatable); loopback pages are allowed by default
  --no-loopback-origins       allow only the --allow-origin origins
  --allow-host HOST:PORT      also accept this Host header (needed with a non-loopback --host)
  --token-file PATH           write the token to PATH (mode 0600) instead of printing it
  --dangerously-allow-remote  allow a non-loopback --host: anyone who can reach it and has the token can run commands
The token comes from PRESA_BRIDGE_TOKEN when set, else it is random per launch.`);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}
if (!isLoopbackHost(values.host) && !values["dangerously-allow-remote"]) {
  console.error(`refusing --host ${values.host}: the bridge spawns commands, so it listens on loopback only. --dangerously-allow-remote overrides this.`);
  process.exit(2);
}

const fromEnv = process.env.PRESA_BRIDGE_TOKEN;
let bridge;
try {
  bridge = await startBridge({
    host: values.host,
    port,
    ...(fromEnv ? { token: fromEnv } : {}),
    allowedOrigins: values["allow-origin"],
    allowedHosts: values["allow-host"],
    loopbackOrigins: !values["no-loopback-origins"],
    dangerouslyAllowRemote: values["dangerously-allow-remote"],
    log: (line) => console.error(`bridge: ${line}`),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (!isLoopbackHost(values.host)) console.error(`WARNING: the bridge listens on ${values.host}; anyone who reaches it with the token can run commands as you.`);
console.log(`presa bridge on ${bridge.url}`);
if (values["token-file"]) {
  writeFileSync(values["token-file"], `${bridge.token}\n`, { mode: 0o600 });
  chmodSync(values["token-file"], 0o600);
  console.log(`token written to ${values["token-file"]}`);
} else if (fromEnv) console.log("token: from PRESA_BRIDGE_TOKEN");
else console.log(`token (paste it into the app's Bridge settings; it changes every launch): ${bridge.token}`);

// SIGINT (twice under tsx), SIGTERM, SIGHUP: one bounded stop of every spawned server's process group.
stopOnSignals([bridge], (line) => console.error(`bridge: ${line}`));
