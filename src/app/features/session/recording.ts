import { isObject } from "../../../core";
import { exportSession, parseSession, replayCalls, type LoadedSession, type ReplayHost } from "../../../core/recording";
import type { AutoDecision } from "../../session/autoAnswer";
import type { Controller } from "../../session/controller";
import { createSession, type Session } from "../../session/session";
import { DEFAULT_SETTINGS, type ConnectionSettings } from "../../stores/connectionStore";
import { IDLE_REPLAY, recordingStore } from "../../session/recordingStore";
import { downloadJson } from "../../lib/downloadJson";

/** A session as a session file's text. */
export function sessionText(session: Session, keepTokens: boolean): string {
  const calls = session.calls.getState();
  session.wire.flush(); // frames of this very task are still queued
  const snapshot = {
    connection: session.connection.getState(),
    calls: calls.order.flatMap((id) => (calls.calls[id] ? [calls.calls[id]] : [])),
    frames: session.wire.getState().entries,
    marks: session.auto.getState().marks,
  };
  return JSON.stringify(exportSession(snapshot, { keepTokens }), null, 2);
}

/** Saves a session as a JSON file (a download; nothing leaves the machine). */
export function downloadSession(session: Session, keepTokens: boolean): void {
  downloadJson(`presa-session-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, sessionText(session, keepTokens));
}

function settingsOf(value: unknown): ConnectionSettings {
  return isObject(value) && isObject(value.target) && typeof value.target.kind === "string" ? { ...DEFAULT_SETTINGS, ...(value as unknown as ConnectionSettings) } : DEFAULT_SETTINGS;
}

/** A recording as a session, made like the live one (createSession) and never connected: every view shows it read-only. */
export function recordingSession(loaded: LoadedSession): Session {
  const session = createSession();
  const c = loaded.file.connection;
  session.connection.setState({
    settings: settingsOf(c.settings),
    status: "closed",
    revision: typeof c.revision === "string" ? c.revision : undefined,
    serverInfo: isObject(c.serverInfo) ? c.serverInfo : undefined,
  });
  session.calls.setState({ calls: Object.fromEntries(loaded.calls.map((call) => [call.callId, call])), order: loaded.calls.map((call) => call.callId), selected: loaded.calls.at(-1)?.callId });
  session.wire.setState({ entries: loaded.frames, dropped: 0 });
  session.auto.setState({ marks: loaded.file.marks });
  return session;
}

/** Opens a session file as a recording; a file that cannot be read says why and changes nothing. */
export function openRecording(text: string, fileName: string): boolean {
  const parsed = parseSession(text);
  if (!parsed.ok) {
    recordingStore.setState({ importError: `${fileName}: ${parsed.error}` });
    return false;
  }
  recordingStore.setState({ loaded: parsed.session, fileName, viewer: recordingSession(parsed.session), replay: IDLE_REPLAY, importError: undefined });
  return true;
}

export function closeRecording(): void {
  recordingStore.setState({ loaded: undefined, fileName: undefined, viewer: undefined, replay: IDLE_REPLAY });
}

/**
 * The live controller as a replay host: each call runs through the controller's one dispatch, and
 * its questions (and only its own, told by the handle's id) are answered from the recording before
 * canned answers or the user see them. The answers are marked as the replay's.
 */
export function replayHost(controller: Controller): ReplayHost {
  const session = controller.session;
  return {
    connected: () => session.connection.getState().status === "connected",
    async run(method, params, answer) {
      let callId: string | undefined;
      const source = { by: "replay" as const, name: `${method} ${String(method === "resources/read" ? params.uri : params.name)}` };
      const off = session.auto.use((input): AutoDecision | undefined => {
        if (callId === undefined || input.callId !== callId) return undefined;
        return { ...answer({ round: input.round, key: input.key, kind: input.kind, params: input.params }), source };
      }, 100);
      try {
        const handle = controller.start(method, params);
        if (!handle) return undefined;
        callId = handle.id;
        await handle.outcome;
        return session.calls.getState().calls[handle.id];
      } finally {
        off();
      }
    },
  };
}

/** "Replay against this server": the recording's calls on the live connection, with the diffs as they come. */
export async function startReplay(live: Controller): Promise<void> {
  const loaded = recordingStore.getState().loaded;
  if (!loaded || recordingStore.getState().replay.status === "running") return;
  recordingStore.setState({ replay: { status: "running", diffs: [], error: undefined } });
  try {
    const diffs = await replayCalls(replayHost(live), loaded.calls, (d) => recordingStore.setState({ replay: { status: "running", diffs: d, error: undefined } }));
    recordingStore.setState({ replay: { status: "done", diffs, error: undefined } });
  } catch (e) {
    recordingStore.setState((s) => ({ replay: { ...s.replay, status: "failed", error: (e as Error).message } }));
  }
}
