import { markKey, type AutoDecision } from "../../session/autoAnswer";
import type { Controller } from "../../session/controller";
import type { ConnectionState } from "../../stores/connectionStore";
import type { CannedStore } from "./cannedStore";
import { cannedKindOf, findCanned, questionOf, targetOf } from "../../../core/recording";
import { MOCK_MODEL, mockReplyText, mockResult, parseScript } from "./utils/mockModel";

/** Whose canned answers apply: the server's own name, else where it is. */
export function serverIdentity(c: Pick<ConnectionState, "serverInfo" | "settings">): string {
  if (c.serverInfo?.name) return c.serverInfo.name;
  return c.settings.target.kind === "url" ? c.settings.target.url : c.settings.target.kind;
}

/**
 * Wires canned answers and the mock model into the controller: an answerer (canned answers for the
 * kinds switched to auto-answer, then the mock model for sampling), and the capture of answers the
 * user asked to save. Returns the undo.
 */
export function attachCanned(controller: Controller, canned: CannedStore): () => void {
  let turn = 0;
  const offAnswerer = controller.session.auto.use((input): AutoDecision | undefined => {
    const s = canned.getState();
    const kind = cannedKindOf(input.kind, input.params);
    const call = input.callId ? controller.session.calls.getState().calls[input.callId] : undefined;
    if (s.auto[kind] && call) {
      const ref = { server: serverIdentity(controller.session.connection.getState()), target: targetOf(call.method, call.target), era: input.era, key: input.key, kind: input.kind, params: input.params };
      const found = findCanned(s.answers, ref);
      if (found) return { kind: "answer", response: structuredClone(found.response), source: { by: "canned", name: found.name } };
    }
    if (kind === "sampling" && s.mock.enabled) {
      const text = mockReplyText(parseScript(s.mock.script), input.params, turn);
      if (text !== undefined) {
        turn++;
        return { kind: "answer", response: mockResult(text, input.params), source: { by: "mock", name: MOCK_MODEL } };
      }
    }
    return undefined;
  }, 10);
  const offCapture = controller.onClientEvent(({ event }) => {
    if (event.type !== "inputAnswered" || !event.response) return;
    const mark = markKey(event.callId, event.round, event.key);
    const name = canned.getState().armed[mark];
    if (name === undefined) return;
    canned.disarm(mark);
    const call = controller.session.calls.getState().calls[event.callId];
    const asked = call?.events.find((e) => e.type === "inputRequested" && e.round === event.round && e.key === event.key);
    if (!call || asked?.type !== "inputRequested") return;
    const era = call.events.find((e) => e.type === "roundStarted" && e.round === event.round);
    const params = (asked.request.params ?? {}) as Record<string, unknown>;
    canned.save({
      name: name.trim() || `${call.target} ${event.key}`,
      server: serverIdentity(controller.session.connection.getState()),
      target: targetOf(call.method, call.target),
      key: era?.type === "roundStarted" && era.era === "modern" ? event.key : undefined,
      question: questionOf(asked.request.method, params),
      kind: cannedKindOf(asked.request.method, params),
      response: structuredClone(event.response),
    });
  });
  return () => {
    offAnswerer();
    offCapture();
  };
}
