/** The controller's settings part: what the user changes while connected. */
import type { Client, Root } from "../../core";
import { waysOptions } from "./handlers";
import type { SettingsCommands } from "./controllerTypes";
import type { Session } from "./session";

export function settingsCommands(session: Session, live: () => Client | undefined): SettingsCommands {
  const { connection, notify } = session;
  return {
    /**
     * Replaces the standing roots list: kept in the settings, and on a live client `setRoots` (which says
     * `notifications/roots/list_changed` on initialize-era sessions). Throws the core's words for a bad list.
     */
    async setRoots(list: Root[]): Promise<void> {
      const current = connection.getState().settings.standingRoots ?? { on: true, list: [], askEachTime: false };
      const client = live();
      if (client && waysOptions(connection.getState().settings).roots) await client.setRoots(list);
      connection.setState((s) => ({ settings: { ...s.settings, standingRoots: { ...current, list } } }));
    },
    setStepMode: (on) => connection.setState((s) => ({ settings: { ...s.settings, stepMode: on } })),
    setLogLevel: (logLevel) => notify.setState({ logLevel }),
  };
}
