import { McpError } from "../../core/protocol";

/** Waits `ms`, or rejects as cancelled when `signal` aborts first: task work must stop on tasks/cancel. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = (): void => reject(new McpError({ kind: "cancelled", message: "cancelled while waiting" }));
    if (signal?.aborted) return cancelled();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      cancelled();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
