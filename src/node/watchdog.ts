/**
 * The watchdog a stdio server runs under on POSIX, for the bridge and the command line alike: a
 * `node -e` process that leads the server's process group, starts the server in it on its own stdin,
 * stdout and stderr (the caller's pipes; it never reads or writes them), and holds a fourth pipe to
 * the caller. When that pipe closes the caller is gone, even by SIGKILL, which it cannot catch, so
 * the watchdog stops the whole group: SIGTERM, then SIGKILL a second later. Otherwise the server runs
 * as it would alone, and the watchdog exits with its exit code or signal.
 *
 * The program is plain CommonJS run by `node` itself: no tsx, no NODE_OPTIONS of the server's, and
 * nothing of the spec on its command line (the CLI ships as one bundled file, so it is text here, not
 * a file beside it). The spec arrives as one JSON line on fd 3, {"command", "args", "env", "cwd"};
 * the answer is one line, {"pid"} or {"error", "code"}.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";

export const WATCHDOG_SOURCE = `
const { spawn } = require("node:child_process");
const { Socket } = require("node:net");
const control = new Socket({ fd: 3, readable: true, writable: true });
let child;
let stopping = false;
function stopGroup() {
  if (stopping) return;
  stopping = true;
  try { process.kill(-process.pid, "SIGTERM"); } catch {}
  setTimeout(() => {
    try { process.kill(-process.pid, "SIGKILL"); } catch {}
    process.exit(1);
  }, 1000);
}
// The caller signals the whole group; the watchdog outlives the server only as long as its exit takes
// to report, so it ignores SIGTERM, SIGINT and SIGHUP itself and mirrors the server's end.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => undefined);
let buffered = "";
control.setEncoding("utf8");
control.on("data", (chunk) => {
  if (child !== undefined) return;
  buffered += chunk;
  const end = buffered.indexOf("\\n");
  if (end === -1) return;
  const spec = JSON.parse(buffered.slice(0, end));
  child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: [0, 1, 2], shell: false });
  child.once("error", (error) => control.write(JSON.stringify({ error: error.message, code: error.code }) + "\\n", () => process.exit(127)));
  child.once("spawn", () => control.write(JSON.stringify({ pid: child.pid }) + "\\n"));
  child.once("exit", (code, signal) => {
    if (stopping) return;
    if (signal) {
      for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
});
// The caller closed its end: it exited, crashed or was killed.
control.on("end", stopGroup);
control.on("close", stopGroup);
control.on("error", stopGroup);
`;

export interface WatchedSpec {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * Starts `spec` under the watchdog. `child` is the watchdog (its pid is the group's id; the server's
 * stdin, stdout and stderr are its pipes), there at once so the caller can listen before anything is
 * written; `started` settles when the watchdog has answered: resolved once the server runs, rejected
 * with why it could not start (an Error whose `code` is the spawn error's, such as ENOENT). The pipe
 * to the watchdog never keeps the caller alive: it only has to close when the caller dies.
 */
export function startWatched(spec: WatchedSpec): { child: ChildProcess; started: Promise<void> } {
  const child = spawn(process.execPath, ["-e", WATCHDOG_SOURCE], { cwd: spec.cwd, env: { PATH: spec.env.PATH ?? "" }, stdio: ["pipe", "pipe", "pipe", "pipe"], windowsHide: true, detached: true });
  const started = new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    child.once("error", onError);
    child.once("spawn", () => {
      const control = child.stdio[3] as Socket;
      control.on("error", () => undefined);
      control.write(`${JSON.stringify(spec)}\n`);
      let answer = "";
      const onData = (chunk: Buffer): void => {
        answer += chunk.toString("utf8");
        const end = answer.indexOf("\n");
        if (end === -1) return;
        control.off("data", onData);
        child.off("error", onError);
        control.unref();
        let reply: { pid?: number; error?: string; code?: string };
        try {
          reply = JSON.parse(answer.slice(0, end)) as typeof reply;
        } catch {
          reply = { error: "the watchdog answered nonsense" };
        }
        if (reply.error !== undefined) reject(Object.assign(new Error(reply.error), { code: reply.code }));
        else resolve();
      };
      control.on("data", onData);
      control.once("close", () => reject(new Error("the watchdog exited before starting the server")));
    });
  });
  return { child, started };
}
