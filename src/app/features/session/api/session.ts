import { isObject } from "../../../../core/protocol/types";
import { server } from "../../../../server/server";
import { createInspector, type Inspector } from "../../../lib/inspector";
import { DEFAULT_SETTINGS, type ConnectionSettings } from "../../../stores/connectionStore";
import { IDLE_REPLAY, sessionStore } from "../store/sessionStore";
import { exportSession, parseSession, type LoadedSession } from "../utils/sessionFile";
import { replayCalls } from "./replay";

/** The live session as a session file's text. */
export function sessionText(inspector: Inspector, keepTokens: boolean): string {
  const calls = inspector.calls.getState();
  inspector.wire.flush(); // frames of this very task are still queued
  const snapshot = {
    connection: inspector.connection.getState(),
    calls: calls.order.flatMap((id) => (calls.calls[id] ? [calls.calls[id]] : [])),
    frames: inspector.wire.getState().entries,
    marks: inspector.auto.getState().marks,
  };
  return JSON.stringify(exportSession(snapshot, { keepTokens }), null, 2);
}

/** Saves the live session as a JSON file (a download; nothing leaves the machine). */
export function downloadSession(inspector: Inspector, keepTokens: boolean): void {
  const blob = new Blob([sessionText(inspector, keepTokens)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `presa-session-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function settingsOf(value: unknown): ConnectionSettings {
  return isObject(value) && isObject(value.target) && typeof value.target.kind === "string" ? { ...DEFAULT_SETTINGS, ...(value as unknown as ConnectionSettings) } : DEFAULT_SETTINGS;
}

/** An inspector that never connects, holding the recording, so every view shows it read-only. */
export function createViewer(loaded: LoadedSession): Inspector {
  const viewer = createInspector({ embeddedServer: server({ name: "recording", version: "0" }) });
  const c = loaded.file.connection;
  viewer.connection.setState({
    settings: settingsOf(c.settings),
    status: "closed",
    revision: typeof c.revision === "string" ? c.revision : undefined,
    serverInfo: isObject(c.serverInfo) ? c.serverInfo : undefined,
  });
  viewer.calls.setState({ calls: Object.fromEntries(loaded.calls.map((call) => [call.callId, call])), order: loaded.calls.map((call) => call.callId), selected: loaded.calls.at(-1)?.callId });
  viewer.wire.setState({ entries: loaded.frames, dropped: 0 });
  viewer.auto.setState({ marks: loaded.file.marks });
  return viewer;
}

/** Opens a session file as a recording; a file that cannot be read says why and changes nothing. */
export function openRecording(text: string, fileName: string): boolean {
  const parsed = parseSession(text);
  if (!parsed.ok) {
    sessionStore.setState({ importError: `${fileName}: ${parsed.error}` });
    return false;
  }
  sessionStore.setState({ loaded: parsed.session, fileName, viewer: createViewer(parsed.session), replay: IDLE_REPLAY, importError: undefined });
  return true;
}

export function closeRecording(): void {
  sessionStore.setState({ loaded: undefined, fileName: undefined, viewer: undefined, replay: IDLE_REPLAY });
}

/** "Replay against this server": the recording's calls on the live connection, with the diffs as they come. */
export async function startReplay(live: Inspector): Promise<void> {
  const loaded = sessionStore.getState().loaded;
  if (!loaded || sessionStore.getState().replay.status === "running") return;
  sessionStore.setState({ replay: { status: "running", diffs: [], error: undefined } });
  try {
    const diffs = await replayCalls(live, loaded.calls, (d) => sessionStore.setState({ replay: { status: "running", diffs: d, error: undefined } }));
    sessionStore.setState({ replay: { status: "done", diffs, error: undefined } });
  } catch (e) {
    sessionStore.setState((s) => ({ replay: { ...s.replay, status: "failed", error: (e as Error).message } }));
  }
}
