/**
 * The process around `main()`: real stdin/stdout, Ctrl-C and exit stop a spawned server (its whole
 * process group), and the exit code is set once everything is written. The bundle
 * (dist-cli/presa-inspector.mjs, built by `npm run build:cli`) starts here.
 */
import { EXIT } from "./errors";
import { main } from "./main";

const stops: (() => void)[] = [];
const stopAll = (): void => {
  for (const stop of stops.splice(0)) stop();
};

function interrupt(): void {
  stopAll();
  process.stderr.write("\npresa-inspector: interrupted (Ctrl-C); the server was stopped\n");
  process.exit(EXIT.interrupted);
}

process.on("SIGINT", interrupt);
// Killed, or its terminal closed: the server (in a session of its own, so it hears neither) goes too.
for (const signal of ["SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(EXIT.interrupted);
  });
}
// Whatever ends the process, a spawned server does not outlive it.
process.on("exit", stopAll);
// Output piped into a reader that stopped early (`| head`): nothing more to say, and no stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
  stopAll();
  process.exit(process.exitCode ?? 0);
});

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  onStop: (stop) => void stops.push(stop),
  interrupt,
});
process.exitCode = code;
// Nothing the command started may keep the process alive (a stdin reader, a keep-alive socket).
process.stdout.write("", () => process.exit(code));
