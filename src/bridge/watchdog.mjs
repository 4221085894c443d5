// The bridge's watchdog: the process the bridge spawns for each stdio server (POSIX only). It leads
// the server's process group, starts the server in it with the bridge's stdin, stdout and stderr
// pipes (it never reads or writes them itself), and watches a fourth pipe to the bridge. When that
// pipe closes, the bridge is gone (even by SIGKILL, which it cannot catch), so the watchdog stops the
// whole group: SIGTERM, then SIGKILL after a grace period. The server otherwise runs as it would
// alone, and the watchdog exits with its exit code or signal.
//
// Plain JavaScript, run by `node` directly: no tsx, no NODE_OPTIONS of the server's, nothing of the
// spec on its command line. The spec arrives as one JSON line on the control pipe (fd 3):
// {"command", "args", "env", "cwd"}; the answer is one line, {"pid"} or {"error", "code"}.
import { spawn } from "node:child_process";
import { Socket } from "node:net";

/** SIGTERM, then SIGKILL this long after, when the bridge is gone. */
const GRACE_MS = 1000;
const control = new Socket({ fd: 3, readable: true, writable: true });
const reply = control;
let child;
let stopping = false;

function stopGroup() {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(-process.pid, "SIGTERM");
  } catch {
    // the group is already gone
  }
  setTimeout(() => {
    try {
      process.kill(-process.pid, "SIGKILL");
    } catch {
      // gone
    }
    process.exit(1);
  }, GRACE_MS);
}

// The bridge signals the whole group; the watchdog outlives the server only as long as its exit
// takes to report, so it ignores SIGTERM, SIGINT and SIGHUP itself and mirrors the server's end.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => undefined);

let buffered = "";
control.setEncoding("utf8");
control.on("data", (chunk) => {
  if (child !== undefined) return;
  buffered += chunk;
  const end = buffered.indexOf("\n");
  if (end === -1) return;
  const spec = JSON.parse(buffered.slice(0, end));
  child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: [0, 1, 2], shell: false });
  child.once("error", (error) => {
    reply.write(`${JSON.stringify({ error: error.message, code: error.code })}\n`, () => process.exit(127));
  });
  child.once("spawn", () => reply.write(`${JSON.stringify({ pid: child.pid })}\n`));
  child.once("exit", (code, signal) => {
    if (stopping) return;
    if (signal) {
      for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
});
// The bridge closed its end: it exited, crashed or was killed.
control.on("end", stopGroup);
control.on("close", stopGroup);
control.on("error", stopGroup);
