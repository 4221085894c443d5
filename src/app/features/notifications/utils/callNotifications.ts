import { isObject } from "../../../../core";
import type { CallEvent } from "../../../model";

/** The latest progress a call reported (spec "Progress"). */
export interface ProgressView {
  progress: number;
  total: number | undefined;
  message: string | undefined;
  /** 0..100 when a total is known. */
  percent: number | undefined;
}

/** One `notifications/message` (spec "Logging"); data is shown as text, never as HTML. */
export interface LogLine {
  level: string;
  logger: string | undefined;
  text: string;
  at: number;
}

export interface CallNotifications {
  progress: ProgressView | undefined;
  logs: LogLine[];
}

const MAX_TEXT = 500;

function textOf(data: unknown): string {
  const text = typeof data === "string" ? data : JSON.stringify(data) ?? String(data);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Progress and log messages among a call's events; malformed ones (untrusted server data) are skipped. */
export function notificationsOf(events: readonly CallEvent[]): CallNotifications {
  let progress: ProgressView | undefined;
  const logs: LogLine[] = [];
  for (const e of events) {
    if (e.type !== "notification" || !isObject(e.params)) continue;
    const p = e.params;
    if (e.method === "notifications/progress" && finite(p.progress)) {
      const total = finite(p.total) && p.total > 0 ? p.total : undefined;
      progress = {
        progress: p.progress,
        total,
        message: typeof p.message === "string" ? textOf(p.message) : undefined,
        percent: total === undefined ? undefined : Math.max(0, Math.min(100, (p.progress / total) * 100)),
      };
    } else if (e.method === "notifications/message") {
      logs.push({ level: typeof p.level === "string" ? p.level.slice(0, 20) : "info", logger: typeof p.logger === "string" ? p.logger.slice(0, 80) : undefined, text: textOf(p.data), at: e.at });
    }
  }
  return { progress, logs };
}
