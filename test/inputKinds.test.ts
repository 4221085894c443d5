// One made-up input kind (test/support/fakeKind.ts), registered in one place, and what each layer
// does with it: the core declares, checks and dispatches it by method in both eras through the real
// client and the reference server; recordings record and match it as its own kind; the command line,
// which has no prompt for it, refuses it in words. The app's side is in inputKinds.app.test.ts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import {
  Client,
  capabilitiesFromModes,
  handlersFromModes,
  inProcessPair,
  inputKindOf,
  inputKinds,
  isInputKindMethod,
  registerInputKind,
  text,
  type InputKind,
  type InputRequest,
  type KindQuestion,
} from "../src/core";
import { findCanned, groupRounds, isCannedAnswer, pairInput, parseAnswers, questionKindOf, questionOf, recordCall, type CannedAnswer } from "../src/core/recording";
import { server, serveTransport } from "../src/server";
import { inputRequired, inputResponse, type ToolDefinition } from "../src/server/definitions";
import { askInTerminal, LineReader } from "../src/cli/terminal";
import { FAKE_METHOD, fakeKind } from "./support/fakeKind";

let unregister: (() => void) | undefined;
beforeEach(() => void (unregister = registerInputKind(fakeKind)));
afterEach(() => unregister?.());

const colourTool: ToolDefinition = {
  name: "paint",
  description: "Asks the client for a colour",
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "colour") as { colour?: unknown } | undefined;
    if (answer) return `Painted ${String(answer.colour)}`;
    return inputRequired({ colour: { method: FAKE_METHOD, params: { prompt: "Which colour?" } } as unknown as InputRequest });
  },
};

async function connectWith(versions: string[], ask: (q: KindQuestion) => Promise<never> | Promise<Record<string, unknown>>) {
  const ends = inProcessPair();
  serveTransport(server({ name: "colours", version: "1", tools: [colourTool] }), ends.server);
  const modes = { colour: "handled" as const };
  const client = new Client(ends.client, {
    versions,
    handlers: handlersFromModes(modes, { ask: ask as never, unsupported: () => new Error("unused") as never }),
    capabilities: capabilitiesFromModes(modes),
  });
  await client.open();
  return { client };
}

describe("a new input kind in the core", () => {
  it("is registered once and known by method, params and id; gone again when unregistered", () => {
    expect(inputKinds().map((k) => k.id)).toEqual(["form", "url", "sampling", "roots", "colour"]);
    expect(isInputKindMethod(FAKE_METHOD)).toBe(true);
    expect(inputKindOf(FAKE_METHOD, { prompt: "x" })).toBe(fakeKind);
    expect(capabilitiesFromModes({ colour: "handled", sampling: "off" })).toEqual({ experimental: { colour: {} } });
    unregister?.();
    unregister = undefined;
    expect(isInputKindMethod(FAKE_METHOD)).toBe(false);
    expect(inputKindOf(FAKE_METHOD, {})).toBeUndefined();
  });

  it.each([
    ["2026-07-28 (an input_required round)", "2026-07-28"],
    ["2025-11-25 (a live server request)", "2025-11-25"],
  ])("is dispatched to its handler by method, %s; the answer reaches the server and is recorded as the kind's", async (_name, revision) => {
    const asked: KindQuestion[] = [];
    const { client } = await connectWith([revision], async (q) => (asked.push(q), { colour: "teal" }));
    const handle = client.startCall("tools/call", { name: "paint", arguments: {} });
    const recorded = recordCall(handle, 1, client.revision);
    const outcome = await handle.outcome;
    expect(outcome.ok && text(outcome.result as never)).toBe("Painted teal");
    expect(asked).toHaveLength(1);
    expect(asked[0]?.kind).toBe(fakeKind);
    expect(asked[0]?.method).toBe(FAKE_METHOD);
    expect(asked[0]?.params).toMatchObject({ prompt: "Which colour?" });
    const record = await recorded;
    const input = record && groupRounds(record)[0]?.inputs[0];
    expect(input?.request.method).toBe(FAKE_METHOD);
    expect(input?.answer).toEqual({ colour: "teal" });
    await client.close();
  });

  it("a request of the kind that fails the kind's own check never reaches the handler", async () => {
    const asked: KindQuestion[] = [];
    const ends = inProcessPair();
    const noPrompt: ToolDefinition = { ...colourTool, handler: () => inputRequired({ colour: { method: FAKE_METHOD, params: {} } as unknown as InputRequest }) };
    serveTransport(server({ name: "colours", version: "1", tools: [noPrompt] }), ends.server);
    const modes = { colour: "handled" as const };
    const client = new Client(ends.client, {
      versions: ["2026-07-28"],
      handlers: handlersFromModes(modes, { ask: async (q) => (asked.push(q), { colour: "teal" }) as never, unsupported: () => new Error("unused") as never }),
      capabilities: capabilitiesFromModes(modes),
    });
    await client.open();
    const outcome = await client.startCall("tools/call", { name: "paint", arguments: {} }).outcome;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toContain('colour question "colour" has no prompt');
    expect(asked).toHaveLength(0);
    await client.close();
  });
});

describe("a new input kind in recordings and canned answers", () => {
  const params = { prompt: "Which colour?" };

  it("is its own question kind, with its own identity, and pairs only with its own kind", () => {
    expect(questionKindOf(FAKE_METHOD, params)).toBe("colour");
    expect(questionOf(FAKE_METHOD, params)).toBe("colour: Which colour?");
    const formTwin = { key: "a", request: { method: "elicitation/create", params: { message: "Which colour?", requestedSchema: { type: "object", properties: {} } } } } as never;
    const colourTwin = { key: "b", request: { method: FAKE_METHOD, params } } as never;
    const q = { key: "x", kind: FAKE_METHOD as InputKind, params };
    expect(pairInput([formTwin], q, new Set())).toBeUndefined();
    expect(pairInput([formTwin, colourTwin], q, new Set())).toBe(colourTwin);
  });

  it("a canned answer of the kind is valid while the kind is registered and found for its question", () => {
    const answer: CannedAnswer = { id: "1", name: "teal", server: "colours", target: "tools/call paint", key: undefined, question: "colour: Which colour?", kind: "colour", response: { colour: "teal" } as never, savedAt: 1 };
    expect(isCannedAnswer(answer)).toBe(true);
    expect(findCanned([answer], { server: "colours", target: "tools/call paint", era: "legacy", key: "7", kind: FAKE_METHOD as InputKind, params })).toBe(answer);
    unregister?.();
    unregister = undefined;
    expect(isCannedAnswer(answer)).toBe(false);
  });

  it("a hand-written answers file checks the kind's answers with the kind's own words", () => {
    const record = (response: unknown) => JSON.stringify({ format: "presa-inspector-answers", version: 1, answers: [{ server: "colours", target: "tools/call paint", kind: "colour", question: "Which colour?", response }] });
    expect(parseAnswers(record({ colour: "teal" }))).toMatchObject({ ok: true, answers: [{ kind: "colour", question: "colour: Which colour?" }] });
    expect(parseAnswers(record({ color: "teal" }))).toEqual({ ok: false, error: "answers[0].response.colour: expected the colour as text, got nothing" });
  });

  it("a method no kind claims is its own kind, never taken for a form", () => {
    expect(questionKindOf("other/ask", { message: "hi" })).toBe("other/ask");
    expect(questionOf("other/ask", { message: "hi" })).toBe("other/ask");
  });
});

describe("a new input kind in the command line", () => {
  it("without a terminal prompt, the question is refused in words and nothing is asked", async () => {
    const stdin = new PassThrough();
    const stderr = new PassThrough();
    let said = "";
    stderr.on("data", (d) => void (said += String(d)));
    const lines = new LineReader(stdin, stderr, () => undefined);
    const ctx = { key: "colour", round: 1, callId: "call-1", era: "modern" as const, signal: new AbortController().signal };
    await expect(askInTerminal(lines, { kind: FAKE_METHOD as InputKind, spec: fakeKind, params: { prompt: "Which colour?" }, ctx }, "tools/call paint")).rejects.toThrow(
      'the command line has no terminal prompt for the colour question (input kind "colour")',
    );
    lines.close();
    expect(said).toBe("");
  });
});
