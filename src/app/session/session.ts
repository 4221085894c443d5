import { createCallsStore } from "../features/call/callsStore";
import { createInputStore } from "../features/input/inputStore";
import { createStepStore } from "../features/step/stepStore";
import { createWireStore } from "../features/wire/wireStore";
import { createNotifyStore } from "../features/notifications/notifyStore";
import { createStderrStore } from "../features/connection/store/stderrStore";
import { createConnectionStore } from "../stores/connectionStore";
import { createAutoAnswer } from "./autoAnswer";
import { createWatchStore } from "../features/watch/watchStore";
import { HttpExchangeLog } from "../../core";

/**
 * The one rule for stores:
 *
 * - **Per session**: a store whose contents come from one session's traffic (its connection, frames,
 *   calls, questions, held retries, automatic answers, log level asked of the server, a process's
 *   output). They are made here, together, by `createSession()`, and nowhere else. The live session
 *   is one per page and lasts across reconnects (its history keeps every call of the page); an opened
 *   recording is a second session made the same way (`recordingSession` in ./recording.ts).
 * - **App-wide**: a store that outlives any session: the user's place in the UI (`uiStore`), present
 *   mode, the opened recording and its replay (`recordingStore`), canned answers, a deep link's
 *   leftovers, the bridge and the saved connections. One each per page: each is made once in its own
 *   module, except the bridge and saved-connection stores, which ../main.tsx makes (they need the page).
 *
 * Components never hold a store: they read through the selector hooks of ./context.tsx and act
 * through the controller's commands or the stores' named actions.
 */
export function createSession() {
  return {
    connection: createConnectionStore(),
    wire: createWireStore(),
    calls: createCallsStore(),
    inputs: createInputStore(),
    step: createStepStore(),
    auto: createAutoAnswer(),
    notify: createNotifyStore(),
    stderr: createStderrStore(),
    watches: createWatchStore(),
    /** Every HTTP request of this session's connections (the HTTP view), bounded like the wire log. */
    http: new HttpExchangeLog(),
  };
}

export type Session = ReturnType<typeof createSession>;
