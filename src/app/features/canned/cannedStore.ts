import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import { isObject } from "../../../core";
import { cannedKinds, isCannedAnswer, type CannedAnswer, type CannedKind } from "../../../core/recording";

export interface MockSettings {
  enabled: boolean;
  script: string;
}

export interface CannedState {
  answers: CannedAnswer[];
  /** Per kind of input: answer from a canned answer without asking, when one matches. */
  auto: Record<CannedKind, boolean>;
  mock: MockSettings;
  /** Inputs whose next answer is to be saved, by markKey (callId, round, key), with the name to save under. */
  armed: Record<string, string>;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export const CANNED_STORAGE_KEY = "presa-inspector.canned.v1";
function noAuto(): Record<CannedKind, boolean> {
  return Object.fromEntries(cannedKinds().map((k) => [k, false]));
}
export const DEFAULT_MOCK_SCRIPT = "# /regex/ => reply, or a plain line used in turn\n/summari[sz]e/i => A scripted summary from the mock model.\nA scripted reply.";

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined; // storage denied (a sandboxed frame): answers last for the page only
  }
}

/** What was saved, checked field by field: storage is the user's, but may hold an older or broken shape. */
function load(storage: Storage | undefined): Pick<CannedState, "answers" | "auto" | "mock"> {
  const fallback = { answers: [], auto: noAuto(), mock: { enabled: false, script: DEFAULT_MOCK_SCRIPT } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(CANNED_STORAGE_KEY) ?? "null");
  } catch {
    return fallback;
  }
  if (!isObject(parsed)) return fallback;
  const auto = noAuto();
  if (isObject(parsed.auto)) for (const k of cannedKinds()) auto[k] = parsed.auto[k] === true;
  const mock = isObject(parsed.mock) ? parsed.mock : {};
  return {
    answers: Array.isArray(parsed.answers) ? parsed.answers.filter(isCannedAnswer) : [],
    auto,
    mock: { enabled: mock.enabled === true, script: typeof mock.script === "string" ? mock.script : DEFAULT_MOCK_SCRIPT },
  };
}

/** Canned answers, auto-answer switches and the mock model, kept in localStorage across visits. */
export function createCannedStore(storage: Storage | undefined = browserStorage()) {
  const store = createStore<CannedState>()(() => ({ ...load(storage), armed: {} }));
  let counter = 0;
  store.subscribe((s, prev) => {
    if (s.answers === prev.answers && s.auto === prev.auto && s.mock === prev.mock) return;
    try {
      storage?.setItem(CANNED_STORAGE_KEY, JSON.stringify({ answers: s.answers, auto: s.auto, mock: s.mock }));
    } catch (e) {
      console.warn("canned answers not saved:", (e as Error).message);
    }
  });
  return Object.assign(store, {
    save(answer: Omit<CannedAnswer, "id" | "savedAt">, now = Date.now()): CannedAnswer {
      const saved = { ...answer, id: `canned-${now.toString(36)}-${++counter}`, savedAt: now };
      store.setState((s) => ({ answers: [...s.answers, saved] }));
      return saved;
    },
    remove(id: string): void {
      store.setState((s) => ({ answers: s.answers.filter((a) => a.id !== id) }));
    },
    setAuto(kind: CannedKind, on: boolean): void {
      store.setState((s) => ({ auto: { ...s.auto, [kind]: on } }));
    },
    setMock(patch: Partial<MockSettings>): void {
      store.setState((s) => ({ mock: { ...s.mock, ...patch } }));
    },
    arm(mark: string, name: string): void {
      store.setState((s) => ({ armed: { ...s.armed, [mark]: name } }));
    },
    disarm(mark: string): void {
      store.setState((s) => {
        const { [mark]: _gone, ...armed } = s.armed;
        return { armed };
      });
    },
  });
}

export type CannedStore = ReturnType<typeof createCannedStore>;

/** The app's one canned store (tests make their own with createCannedStore). */
export const cannedStore = createCannedStore();

export function useCanned<T>(selector: (s: CannedState) => T): T {
  return useStore(cannedStore, selector);
}
