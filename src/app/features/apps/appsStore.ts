import { createStore } from "zustand/vanilla";
import type { Implementation } from "../../../core";
import type { AppPolicy, AppRefusal, DisplayMode } from "../../../core/apps";

/** Something the app said that a chat host would give its model; the inspector has none, so it shows it. */
export interface AppNote {
  kind: "message" | "modelContext" | "log";
  at: number;
  params: Record<string, unknown>;
}

/** One MCP App the inspector renders: opened by a tools/call of a tool that names a `ui://` resource. */
export interface AppInstance {
  id: string;
  /** The tools/call that opened it: its input and result go to the app. */
  callId: string;
  connectionId: number;
  toolName: string;
  resourceUri: string;
  args: Record<string, unknown>;
  status: "loading" | "running" | "failed" | "stopped";
  /** Why it failed or stopped, in words. */
  reason: string | undefined;
  appInfo: Implementation | undefined;
  policy: AppPolicy | undefined;
  prefersBorder: boolean | undefined;
  domain: string | undefined;
  /** What the host refused or the sandbox contained, newest last (capped). */
  refusals: AppRefusal[];
  notes: AppNote[];
  /** The calls the app started itself (tools/call, resources/read), in order. */
  calls: string[];
  height: number | undefined;
  displayMode: DisplayMode;
}

export interface AppsState {
  apps: Record<string, AppInstance>;
  order: string[];
  /** Which app started a call, by call id: its questions and rounds are marked with the app. */
  origin: Record<string, string>;
  /** A tool with an app was chosen on the live connection: the sandbox's origin is kept warm meanwhile. */
  warm: boolean;
}

/** The most refusals and notes kept per app: a flood is stopped, and what it said before that is not all kept. */
export const APP_LIST_CAP = 200;
let counter = 0;

const capped = <T>(list: T[], more: T[]): T[] => {
  const all = list.concat(more);
  return all.length > APP_LIST_CAP ? all.slice(all.length - APP_LIST_CAP) : all;
};

/** The apps of the page (app-wide, like the link store: an app outlives the selection of its call). */
export const appsStore = createStore<AppsState>()(() => ({ apps: {}, order: [], origin: {}, warm: false }));

function patch(id: string, change: (app: AppInstance) => Partial<AppInstance>): void {
  appsStore.setState((s) => {
    const app = s.apps[id];
    return app ? { apps: { ...s.apps, [id]: { ...app, ...change(app) } } } : s;
  });
}

export const appsActions = {
  open(init: Pick<AppInstance, "callId" | "connectionId" | "toolName" | "resourceUri" | "args">): string {
    const id = `app-${++counter}`;
    const app: AppInstance = { ...init, id, status: "loading", reason: undefined, appInfo: undefined, policy: undefined, prefersBorder: undefined, domain: undefined, refusals: [], notes: [], calls: [], height: undefined, displayMode: "inline" };
    appsStore.setState((s) => ({ apps: { ...s.apps, [id]: app }, order: [...s.order, id] }));
    return id;
  },
  update: (id: string, change: Partial<AppInstance>) => patch(id, () => change),
  refusals: (id: string, more: AppRefusal[]) => patch(id, (a) => ({ refusals: capped(a.refusals, more) })),
  notes: (id: string, more: AppNote[]) => patch(id, (a) => ({ notes: capped(a.notes, more) })),
  startedCall(id: string, callId: string): void {
    appsStore.setState((s) => {
      const app = s.apps[id];
      if (!app) return s;
      return { apps: { ...s.apps, [id]: { ...app, calls: capped(app.calls, [callId]) } }, origin: { ...s.origin, [callId]: id } };
    });
  },
  /** Removes a stopped or closed app from the page (its calls keep their origin mark). */
  remove(id: string): void {
    appsStore.setState((s) => {
      const { [id]: _gone, ...apps } = s.apps;
      return { apps, order: s.order.filter((x) => x !== id) };
    });
  },
};

/**
 * The label an app goes by in the log and on cards: the tool that opened it, as the server listed
 * it. Not the name the app gives itself in ui/initialize: that arrives later (the label would change
 * mid-log) and an app could claim to be another; the panel shows it as what the app says.
 */
export function appLabel(app: Pick<AppInstance, "toolName">): string {
  return app.toolName;
}
