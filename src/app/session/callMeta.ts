import { META, type Era } from "../../core";
import type { LogLevel } from "../features/notifications/notifyStore";

/**
 * The `_meta` each call carries so the server may report on it: a progressToken (spec "Progress",
 * both eras) and, on 2026-07-28, the logLevel (SEP-2575: a server sends no logs unless asked per
 * request). Initialize-era sessions ask for logs once, with logging/setLevel.
 */
export function callMeta(era: Era | undefined, logLevel: LogLevel | "off", n: number): Record<string, unknown> {
  const meta: Record<string, unknown> = { progressToken: `progress-${n}` };
  if (era === "modern" && logLevel !== "off") meta[META.logLevel] = logLevel;
  return meta;
}
