import { createStore } from "zustand/vanilla";

/** One line a stdio server wrote outside JSON-RPC: to stderr (logs), or to stdout (not a message: a bug). */
export interface OutputLine {
  seq: number;
  connectionId: number;
  stream: "stderr" | "stdout" | "bridge";
  text: string;
  at: number;
}

export interface StderrState {
  lines: OutputLine[];
  /** Non-JSON-RPC stdout lines of the current connection (each is also a broken frame in the wire log). */
  garbage: number;
  cap: number;
}

/** The newest `cap` lines across connections; `bridge` lines mark spawns and exits. */
export function createStderrStore(cap = 2000) {
  let seq = 0;
  const store = createStore<StderrState>()(() => ({ lines: [], garbage: 0, cap }));
  return Object.assign(store, {
    append(connectionId: number, stream: OutputLine["stream"], text: string, at = Date.now()): void {
      const line: OutputLine = { seq: ++seq, connectionId, stream, text, at };
      store.setState((s) => ({
        lines: s.lines.length >= s.cap ? [...s.lines.slice(s.lines.length - s.cap + 1), line] : [...s.lines, line],
        garbage: s.garbage + (stream === "stdout" ? 1 : 0),
      }));
    },
    /** A new process: its garbage count starts again; earlier lines stay for reference. */
    started(): void {
      store.setState({ garbage: 0 });
    },
    clear(): void {
      store.setState({ lines: [], garbage: 0 });
    },
  });
}

export type StderrStore = ReturnType<typeof createStderrStore>;
