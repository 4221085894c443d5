// The demo server over stdio, both eras on one process: `npx tsx bin/demo-stdio.ts`. Stdout carries
// only MCP messages; everything else goes to stderr. Exits when stdin ends.
import { parseArgs } from "node:util";
import { REVISIONS } from "../src/core";
import { demoServer } from "../src/server/demo";
import { serveStdio } from "../src/server/stdio";

const { values } = parseArgs({
  options: {
    "state-secret": { type: "string" },
    versions: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.error(`usage: tsx bin/demo-stdio.ts [--state-secret S] [--versions ${REVISIONS.join(",")}]`);
  process.exit(0);
}

// A stray console.log in a tool would corrupt the stream: route it to stderr too.
console.log = (...args: unknown[]) => console.error(...args);

const srv = demoServer({
  ...(values["state-secret"] ? { stateSecret: values["state-secret"] } : {}),
  ...(values.versions ? { versions: values.versions.split(",") } : {}),
});
const { transport } = serveStdio(srv, { input: process.stdin, output: process.stdout });
process.stderr.write(`presa demo server on stdio (revisions ${srv.versions.join(", ")})\n`);
transport.subscribe((event) => {
  if (event.type === "error") process.stderr.write(`${event.error.message}\n`);
  // Exit once what is written has been flushed: stdout to a pipe is asynchronous.
  if (event.type === "close") process.stdout.write("", () => process.exit(0));
});
