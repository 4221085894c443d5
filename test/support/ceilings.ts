/**
 * How long a test waits for a process it spawned to start (a demo server, server-everything, HAProxy)
 * or for a command to finish, before it gives up. A ceiling against a hang, not a measure of speed:
 * on a busy 2-core machine (the whole suite, two busy loops and other work beside it) starting Node
 * with tsx alone has taken over 20 s, and the suite must pass there too. Below the 120 s test timeout,
 * so a process that truly never starts is reported as such, with its output.
 */
export const START_CEILING_MS = 100_000;
