import { describe, expect, it } from "vitest";
import type { Frame } from "../index";
import { REDACTED, exportSession, parseSession } from "./sessionFile";
import { ID_MAX, METHOD_MAX, entryMessage, ownText, toWireEntry, type WireEntry } from "./wireEntry";

const AT = 1_700_000_000_000;

function frame(direction: Frame["direction"], raw: string, over: Partial<Frame> = {}): Frame {
  let message: Frame["message"];
  try {
    message = JSON.parse(raw) as Frame["message"];
  } catch {
    message = undefined;
  }
  return { direction, message, raw, size: raw.length, at: AT, ...over };
}

const request = frame("out", '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo"}}');
const result = frame("in", '{"jsonrpc":"2.0","id":"a-1","result":{"content":[]}}', { method: "tools/call", latencyMs: 12, relatedRequestId: "a-1" });
const failure = frame("in", '{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"bad"}}', { method: "tools/call", latencyMs: 3 });
const note = frame("in", '{"jsonrpc":"2.0","method":"notifications/progress","params":{}}');
const hostile = frame("in", '<html><b>502</b> ☕', { message: undefined, error: "not JSON: Unexpected token <" });

describe("toWireEntry", () => {
  it.each<[string, Frame, Partial<WireEntry>]>([
    ["a request", request, { kind: "request", method: "tools/call", id: 7, latencyMs: undefined, error: undefined }],
    ["a result names the method it answers", result, { kind: "result", method: "tools/call", id: "a-1", latencyMs: 12 }],
    ["an error response", failure, { kind: "error", method: "tools/call", id: 4, latencyMs: 3 }],
    ["a notification", note, { kind: "notification", method: "notifications/progress", id: null }],
    ["text that is not JSON (a hostile server)", hostile, { kind: "broken", method: "", id: null, error: "not JSON: Unexpected token <" }],
    ["a JSON array is no message", frame("in", "[1,2]", { error: "batches are not supported" }), { kind: "broken", id: null }],
  ])("%s: its kind, method and id, its text as it came", (_name, f, facts) => {
    const entry = toWireEntry(f, 3, 2);
    expect(entry).toMatchObject({ ...facts, seq: 3, connectionId: 2, direction: f.direction, raw: f.raw, size: f.size, at: AT });
  });

  it("keeps no parsed message, and one shape for every kind of frame", () => {
    const entries = [request, result, failure, note, hostile].map((f, i) => toWireEntry(f, i + 1, 1));
    expect(entries.some((e) => "message" in e || "relatedRequestId" in e)).toBe(false);
    const keys = Object.keys(entries[0] as WireEntry);
    expect(keys).toEqual(["seq", "connectionId", "direction", "kind", "method", "id", "raw", "size", "at", "latencyMs", "error", "app"]);
    for (const e of entries) expect(Object.keys(e)).toEqual(keys);
  });

  it("cuts a hostile id and method to what a row can show (the text keeps them whole)", () => {
    const id = "i".repeat(10_000);
    const method = "m".repeat(10_000);
    const f = frame("in", JSON.stringify({ jsonrpc: "2.0", id, method, params: {} }));
    const entry = toWireEntry(f, 1, 1);
    expect(entry.id).toBe(id.slice(0, ID_MAX));
    expect(entry.method).toBe(method.slice(0, METHOD_MAX));
    expect(entry.raw).toBe(f.raw);
  });
});

describe("ownText", () => {
  it.each([
    ["plain ASCII", '{"jsonrpc":"2.0","id":1}'],
    ["quotes, backslashes and controls", 'a "b" \\ c\n\t\u0000'],
    ["non-Latin-1 and an astral character", "café ☕ 𝄞"],
    ["a lone surrogate", "x\ud800y\udc00"],
    ["the empty string", ""],
  ])("copies %s exactly", (_name, text) => expect(ownText(text)).toBe(text));

  it("copies a substring cut from a larger two-byte chunk character for character", () => {
    const chunk = `{"a":"☕"}\n${'{"jsonrpc":"2.0","id":1,"result":{}}'}\n`;
    const line = chunk.slice(chunk.indexOf("\n") + 1, -1);
    expect(ownText(line)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
  });
});

describe("entryMessage", () => {
  it("parses the message again from the entry's text", () => {
    expect(entryMessage(toWireEntry(request, 1, 1))).toEqual(request.message);
    expect(entryMessage(toWireEntry(result, 1, 1))).toEqual(result.message);
  });

  it("gives nothing for a broken frame, whatever its text", () => {
    expect(entryMessage(toWireEntry(hostile, 1, 1))).toBeUndefined();
    // Text that parses but arrived marked broken (a transport's own verdict) stays broken.
    expect(entryMessage(toWireEntry(frame("in", '{"jsonrpc":"2.0","id":1,"result":{}}', { error: "too late" }), 1, 1))).toBeUndefined();
  });
});

describe("session files carry the log's entries", () => {
  const connection = { settings: { target: { kind: "embedded" } }, revision: undefined, era: undefined, serverInfo: undefined };
  const token = "p2.secretpayload.secretmac";
  const escaped = frame("in", `{"jsonrpc":"2.0","id":9,"result":{"resultType":"input_required","request\\u0053tate":"${token}"}}`, { method: "tools/call", latencyMs: 1 });
  const plain = frame("in", `{"jsonrpc":"2.0","id":8,"result":{"resultType":"input_required","requestState":"${token}"}}`, { method: "tools/call", latencyMs: 1 });
  const brokenWithToken = frame("in", `{"requestState": "${token}", <oops`, { message: undefined, error: "not JSON" });
  const entries = [request, result, failure, note, hostile, escaped, plain, brokenWithToken].map((f, i) => toWireEntry(f, i + 1, 1));

  it("writes a response's answered method, not a request's, and redacts tokens however a key is spelled", () => {
    const file = exportSession({ connection, calls: [], frames: entries, marks: {} }, { keepTokens: false });
    expect(file.frames.map((f) => f.method)).toEqual([undefined, "tools/call", "tools/call", undefined, undefined, "tools/call", "tools/call", undefined]);
    expect(file.frames.slice(0, 5).map((f) => f.raw)).toEqual(entries.slice(0, 5).map((e) => e.raw));
    const text = JSON.stringify(file);
    expect(text).not.toContain("secretpayload");
    expect(text.split(REDACTED).length - 1).toBe(3);
    const kept = exportSession({ connection, calls: [], frames: entries, marks: {} }, { keepTokens: true });
    expect(kept.frames.map((f) => f.raw)).toEqual(entries.map((e) => e.raw));
  });

  it("reads back into the same entries", () => {
    const file = exportSession({ connection, calls: [], frames: entries, marks: {} }, { keepTokens: true });
    const parsed = parseSession(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.error);
    const back = parsed.session.frames;
    expect(back.map((e) => [e.kind, e.method, e.id, e.latencyMs, e.raw])).toEqual(entries.map((e) => [e.kind, e.method, e.id, e.latencyMs, e.raw]));
    expect(back[4]?.error).toBe("not JSON: Unexpected token <");
  });
});
