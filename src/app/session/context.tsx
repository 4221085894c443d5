import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { Controller } from "./controller";
import type { Session } from "./session";
import type { ConnectionState } from "../stores/connectionStore";
import type { CallsState } from "../features/call/callsStore";
import type { InputState } from "../features/input/inputStore";
import type { StepState } from "../features/step/stepStore";
import type { NotifyState } from "../features/notifications/notifyStore";
import type { StderrState } from "../features/connection/store/stderrStore";
import type { AutoState } from "./autoAnswer";
import type { WatchState } from "../features/watch/watchStore";
import type { BridgeState } from "../stores/bridgeStore";
import type { SavedState } from "../features/connection/store/savedStore";
import type { ServersState } from "../features/connection/servers/serversStore";
import type { AuthState } from "../features/auth/authStore";

/**
 * The one place components read state from. Per-session state comes from the session shown (the live
 * one, or an opened recording inside RecordingView); app-wide state from the app-wide stores (see
 * ./session.ts for the rule). Commands go through `useController()`.
 */

const ControllerContext = createContext<Controller | undefined>(undefined);
const SessionContext = createContext<Session | undefined>(undefined);

/** Provides the live controller, and its session as the one shown. */
export function ControllerProvider({ controller, children }: { controller: Controller; children: ReactNode }) {
  return (
    <ControllerContext.Provider value={controller}>
      <SessionContext.Provider value={controller.session}>{children}</SessionContext.Provider>
    </ControllerContext.Provider>
  );
}

/** Shows another session (an opened recording) to the components below; commands still go to the live controller. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The live controller: its commands start calls, connect, and so on. */
export function useController(): Controller {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error("useController outside ControllerProvider");
  return controller;
}

/** The session shown: the live one, or an opened recording. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside ControllerProvider or SessionProvider");
  return session;
}


/** Narrow selectors over the shown session's stores (zustand's useStore is a thin useSyncExternalStore). */
export function useConnection<T>(selector: (s: ConnectionState) => T): T {
  return useStore(useSession().connection, selector);
}

export function useCalls<T>(selector: (s: CallsState) => T): T {
  return useStore(useSession().calls, selector);
}

export function useInputs<T>(selector: (s: InputState) => T): T {
  return useStore(useSession().inputs, selector);
}

export function useStep<T>(selector: (s: StepState) => T): T {
  return useStore(useSession().step, selector);
}

export function useNotify<T>(selector: (s: NotifyState) => T): T {
  return useStore(useSession().notify, selector);
}

export function useAuto<T>(selector: (s: AutoState) => T): T {
  return useStore(useSession().auto, selector);
}

export function useWatches<T>(selector: (s: WatchState) => T): T {
  return useStore(useSession().watches, selector);
}

export function useStderr<T>(selector: (s: StderrState) => T): T {
  return useStore(useSession().stderr, selector);
}

/** The live connection, whatever session is shown (the replay panel inside a recording). */
export function useLiveConnection<T>(selector: (s: ConnectionState) => T): T {
  return useStore(useController().session.connection, selector);
}

/** App-wide: the bridge and the saved connections (held by the controller, made in main.tsx). */
export function useBridge<T>(selector: (s: BridgeState) => T): T {
  return useStore(useController().bridge, selector);
}

export function useSaved<T>(selector: (s: SavedState) => T): T {
  return useStore(useController().saved, selector);
}

/** App-wide: the saved servers (held by the controller, made in main.tsx). */
export function useServers<T>(selector: (s: ServersState) => T): T {
  return useStore(useController().servers, selector);
}

/** App-wide: the sign-in (OAuth) of HTTP targets: steps, phase, status (never a token). */
export function useAuth<T>(selector: (s: AuthState) => T): T {
  return useStore(useController().signIn.store, selector);
}

/** App-wide stores, one per page (their modules hold them). */
export { useUi } from "../stores/uiStore";
export { usePresent } from "../features/present/presentStore";
export { useRecording } from "./recordingStore";
export { useLink } from "../features/links/linkStore";
export { useLayout } from "../features/layout/layoutStore";
