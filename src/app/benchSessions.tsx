/**
 * For `npm run bench` (bench/sessions.ts), loaded by the bench hooks on `?bench` pages only: several
 * sessions side by side, each made by createSession() as the live one is, each shown by its own
 * wire log (the same component, reading its session through SessionProvider), in columns over the
 * page. Frames go into each session's wire store as a transport's would.
 */
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { Frame } from "../core";
import { WireLog } from "./features/wire/components/WireLog";
import type { Controller } from "./session/controller";
import { createSession, type Session } from "./session/session";
import { ControllerProvider, SessionProvider } from "./session/context";

export function openSessions(controller: Controller, count: number): Session[] {
  const sessions = Array.from({ length: count }, () => createSession());
  const host = document.createElement("div");
  host.className = "bench-sessions";
  host.style.cssText = `position:fixed;inset:0;z-index:10;display:grid;grid-template-columns:repeat(${count},minmax(0,1fr));gap:4px;background:var(--bg)`;
  document.body.append(host);
  flushSync(() =>
    createRoot(host).render(
      <StrictMode>
        <ControllerProvider controller={controller}>
          {sessions.map((session, i) => (
            <div key={i} className="bench-session" style={{ minWidth: 0, minHeight: 0, height: "100vh" }}>
              <SessionProvider session={session}>
                <WireLog />
              </SessionProvider>
            </div>
          ))}
        </ControllerProvider>
      </StrictMode>,
    ),
  );
  return sessions;
}

/** Appends `each` frames to every session, `perFrame` to each per animation frame, made as they go by `make`. */
export async function streamSessions(sessions: readonly Session[], each: number, perFrame: number, make: () => [Frame, Frame]): Promise<void> {
  const next = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let sent = 0; sent < each; sent += perFrame) {
    const n = Math.min(perFrame, each - sent);
    for (const session of sessions) {
      for (let k = 0; k < n; k += 2) {
        const [request, response] = make();
        session.wire.append(request, 0);
        if (k + 1 < n) session.wire.append(response, 0);
      }
    }
    await next();
  }
  for (const session of sessions) session.wire.flush();
}

/** Frames held and their text (UTF-8 bytes) over all `sessions`. */
export function sessionsStats(sessions: readonly Session[]): { frames: number; bytes: number; dropped: number } {
  let frames = 0;
  let bytes = 0;
  let dropped = 0;
  for (const session of sessions) {
    const wire = session.wire.getState();
    frames += wire.entries.length;
    dropped += wire.dropped;
    for (const e of wire.entries) bytes += e.size;
  }
  return { frames, bytes, dropped };
}
