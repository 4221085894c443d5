// A recording made and replayed with the core alone (no stores, no DOM), as a CLI would: each call
// recorded from its handle, the session file written and read back, then replayed on a fresh client
// whose input handlers hand the replayed call's questions to the replay.
import { afterEach, describe, expect, it } from "vitest";
import { Client, inProcessPair, type InputContext, type InputMethod, type InputResponse } from "../src/core";
import { serveTransport } from "../src/server/serve";
import { demoServer } from "../src/server/demo";
import { exportSession, parseSession, recordCall, replayCalls, type CallRecord, type ReplayHost, type ReplayQuestion, type ReplayDecision } from "../src/core/recording";

type Answer = (q: ReplayQuestion) => ReplayDecision;

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
});

/** A client on the embedded demo server whose questions go to `answer()` of the moment. */
async function client(revision: string, variant?: "changed"): Promise<{ c: Client; setAnswer: (a: Answer | undefined) => void }> {
  let current: Answer | undefined;
  const ask = (kind: ReplayQuestion["kind"]) => (params: object, ctx: InputContext): Promise<InputResponse> => {
    const d = current?.({ round: ctx.round, key: ctx.key, kind, params: params as Record<string, unknown> });
    if (!d) return Promise.reject(new Error("nobody to answer"));
    return d.kind === "answer" ? Promise.resolve(d.response) : Promise.reject(d.error);
  };
  const pair = inProcessPair();
  serveTransport(demoServer({ stateSecret: "s", ...(variant ? { variant } : {}) }), pair.server, { caller: "test" });
  const c = new Client(pair.client, {
    versions: [revision],
    capabilities: { elicitation: { form: {} } },
    handlers: { "elicitation/create": ask("elicitation/create") as never },
  });
  open.push(c);
  await c.open();
  return { c, setAnswer: (a) => void (current = a) };
}

const TYPED: Record<string, Record<string, string>> = { "Name?": { name: "Ada" }, "Color?": { color: "blue" }, "Who should I greet?": { name: "Ada" } };
const typist: Answer = (q) => ({ kind: "answer", response: { action: "accept", content: TYPED[String(q.params.message)] ?? {} } as InputResponse });

function host(c: Client, setAnswer: (a: Answer | undefined) => void): ReplayHost {
  return {
    connected: () => true,
    async run(method: InputMethod, params, answer) {
      setAnswer(answer);
      try {
        return await recordCall(c.startCall(method, params), 1, c.era === "modern" ? "2026-07-28" : "2025-11-25");
      } finally {
        setAnswer(undefined);
      }
    },
  };
}

describe.each(["2026-07-28", "2025-11-25"])("recording and replay with the core alone (%s)", (revision) => {
  it("records, writes, reads back and replays: the same server behaves as recorded, the changed one does not", async () => {
    const rec = await client(revision);
    rec.setAnswer(typist);
    const calls: CallRecord[] = [];
    for (const name of ["greet", "two-steps"]) {
      const r = await recordCall(rec.c.startCall("tools/call", { name, arguments: {} }), 1, revision);
      if (r) calls.push(r);
    }
    expect(calls.map((c) => [c.target, c.status])).toEqual([["greet", "done"], ["two-steps", "done"]]);
    const file = exportSession({ connection: { settings: { target: { kind: "embedded" } }, revision, era: undefined, serverInfo: undefined }, calls, frames: [], marks: {} }, { keepTokens: false });
    const parsed = parseSession(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.error);

    const same = await client(revision);
    const diffs = await replayCalls(host(same.c, same.setAnswer), parsed.session.calls);
    expect(diffs.map((d) => [d.target, d.same])).toEqual([["greet", true], ["two-steps", true]]);

    const changed = await client(revision, "changed");
    const changedDiffs = await replayCalls(host(changed.c, changed.setAnswer), parsed.session.calls);
    expect(changedDiffs.map((d) => [d.target, d.same])).toEqual([["greet", true], ["two-steps", false]]);
    expect(changedDiffs[1]?.rounds.map((r) => r.change)).toEqual(["same", "changed"]);
  });

  it("refuses to start without a connection", async () => {
    const offline: ReplayHost = { connected: () => false, run: () => Promise.resolve(undefined) };
    await expect(replayCalls(offline, [])).rejects.toThrow(/Not connected/);
  });
});
