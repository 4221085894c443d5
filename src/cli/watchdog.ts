/**
 * The CLI's watchdog for a stdio server it spawns (POSIX only): a `node -e` process that leads the
 * server's process group, starts the server in it on its own stdin, stdout and stderr (the CLI's
 * pipes; it never reads or writes them), and holds a fourth pipe to the CLI. When that pipe closes
 * the CLI is gone, even by SIGKILL, which it cannot catch, so the watchdog stops the whole group:
 * SIGTERM, then SIGKILL a second later. Otherwise the server runs as it would alone and the watchdog
 * exits with its exit code or signal. The same protocol as the bridge's watchdog (the CLI and the
 * bridge import nothing of each other, and the CLI ships as one bundled file, so it is inline here):
 * the spec arrives as one JSON line on fd 3, {"command", "args", "env", "cwd"}; the answer is one
 * line, {"pid"} or {"error", "code"}.
 */
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
control.on("end", stopGroup);
control.on("close", stopGroup);
control.on("error", stopGroup);
`;
