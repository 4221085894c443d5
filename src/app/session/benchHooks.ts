/**
 * Test hooks for `npm run bench` (bench/browser.ts), installed only when the page is opened with
 * `?bench`: main.tsx loads this module then, with a dynamic import, so a normal page never fetches
 * it. They drive the app through the same paths a person and a server do (the controller's commands,
 * the wire store's append) and read the stores' sizes; none of them reach inside a component.
 */
import type { Frame, InputResponse } from "../../core";
import type { Controller } from "./controller";

export { attachPerfMarks } from "./perfMarks";

export interface BenchHooks {
  connected(): boolean;
  /** Starts a tool call; resolves when it finishes (answer its questions with answerPending or autoAnswer). */
  callTool(name: string, args?: Record<string, unknown>): Promise<void>;
  /** Answers every question now waiting, as the demo's answers; returns how many. */
  answerPending(): number;
  /** Answers each question as soon as it is asked, until turned off. */
  autoAnswer(on: boolean): void;
  /** Makes `count` realistic frames ahead of time, so making them is not timed with the log's work. */
  prepareFrames(count: number): void;
  /** Appends `count` frames (prepared ones first) to the wire log, `perFrame` per animation frame, as a chatty server would. */
  injectFrames(count: number, perFrame: number): Promise<void>;
  stats(): BenchStats;
}

export interface BenchStats {
  calls: number;
  callsDropped: number;
  /** The calls store as exported (JSON length, characters). */
  callsBytes: number;
  wire: number;
  wireDropped: number;
  /** The frames' own text in the log, in UTF-8 bytes. */
  wireBytes: number;
}

const ANSWERS: Record<string, Record<string, unknown>> = {
  "Who should I greet?": { name: "Ada" },
  "Name?": { name: "Ada" },
  "Color?": { color: "blue" },
};

let injected = 0;

/** A request and its response, about the size of a real tools/call pair (≈ 250 and 350 bytes). */
function framePair(i: number): [Frame, Frame] {
  const id = `bench-${i}`;
  const request = {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "summarize", arguments: { text: `frame ${i}: the quick brown fox jumps over the lazy dog` }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
  };
  const response = {
    jsonrpc: "2.0",
    id,
    result: {
      content: [{ type: "text", text: `Summary ${i}: a fox jumped over a dog, quickly. Nothing else of note happened in this text.` }],
      resultType: "complete",
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "presa-demo", version: "0.1.0" } },
    },
  };
  const out = JSON.stringify(request);
  const back = JSON.stringify(response);
  const at = Date.now();
  // Parsed from the text, as a transport does: each frame holds its own message objects.
  return [
    { direction: "out", message: JSON.parse(out), raw: out, size: out.length, at, relatedRequestId: id },
    { direction: "in", message: JSON.parse(back), raw: back, size: back.length, at, method: "tools/call", latencyMs: 3, relatedRequestId: id },
  ];
}

const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));

export function installBenchHooks(controller: Controller, target: Record<string, unknown> = window as unknown as Record<string, unknown>): BenchHooks {
  let unsubscribeAuto: (() => void) | undefined;
  // Frames made ahead of time, used from `taken` on.
  const prepared: Frame[] = [];
  let taken = 0;
  const answerPending = (): number => {
    const pending = controller.session.inputs.getState().pending;
    for (const p of pending) {
      const message = typeof p.params.message === "string" ? p.params.message : "";
      controller.session.inputs.answer(p.id, { action: "accept", content: ANSWERS[message] ?? {} } as InputResponse);
    }
    return pending.length;
  };
  const hooks: BenchHooks = {
    connected: () => controller.session.connection.getState().status === "connected",
    callTool: async (name, args = {}) => void (await controller.callTool(name, args)?.outcome),
    answerPending,
    autoAnswer(on) {
      unsubscribeAuto?.();
      unsubscribeAuto = undefined;
      if (!on) return;
      // On a microtask: answering inside the store's own notification would nest its updates.
      unsubscribeAuto = controller.session.inputs.subscribe((s) => {
        if (s.pending.length > 0) queueMicrotask(answerPending);
      });
    },
    prepareFrames(count) {
      while (prepared.length - taken < count) prepared.push(...framePair(injected++));
    },
    async injectFrames(count, perFrame) {
      let left = count;
      while (left > 0) {
        const n = Math.min(perFrame, left);
        for (let k = 0; k < n; k++) {
          if (taken === prepared.length) {
            prepared.length = taken = 0;
            prepared.push(...framePair(injected++));
          }
          controller.session.wire.append(prepared[taken++] as Frame, 0);
        }
        left -= n;
        await nextFrame();
      }
      if (taken === prepared.length) prepared.length = taken = 0;
      controller.session.wire.flush();
    },
    stats() {
      const calls = controller.session.calls.getState();
      const wire = controller.session.wire.getState();
      let wireBytes = 0;
      for (const e of wire.entries) wireBytes += e.size;
      return {
        calls: calls.order.length,
        callsDropped: calls.dropped,
        callsBytes: JSON.stringify({ calls: calls.calls, order: calls.order }).length,
        wire: wire.entries.length,
        wireDropped: wire.dropped,
        wireBytes,
      };
    },
  };
  target.__presaBench = hooks;
  return hooks;
}
