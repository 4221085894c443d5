import { describe, expect, it } from "vitest";
import { checkedHeaders, contentTypeOf, postHeaderRecord, postHeaders, type WireState } from "./httpHeaders";
import { notification, request, resultResponse, type JsonRpcMessage } from "../jsonrpc/messages";
import { META } from "../protocol/meta";

// The transport posts postHeaderRecord's plain record; postHeaders (a Headers object) is what the
// curl export reads. Both must say the same thing, and refuse the same things.
const stamped = (method: string, params: Record<string, unknown> = {}): JsonRpcMessage =>
  request("c1", method, { ...params, _meta: { [META.protocolVersion]: "2026-07-28" } });

const messages: [string, JsonRpcMessage][] = [
  ["a stamped tools/call", stamped("tools/call", { name: "greet" })],
  ["a tools/call whose name needs base64", stamped("tools/call", { name: "grüße\n" })],
  ["a resources/read", stamped("resources/read", { uri: "file:///a b" })],
  ["initialize", request(1, "initialize", { protocolVersion: "2025-11-25" })],
  ["a notification", notification("notifications/initialized")],
  ["a response", resultResponse("s1", {})],
];
const wires: [string, Omit<WireState, "custom" | "message">][] = [
  ["modern", { era: "modern", revision: "2026-07-28", sessionId: undefined }],
  ["legacy with a session", { era: "legacy", revision: "2025-11-25", sessionId: "sess-1" }],
  ["legacy before a revision", { era: "legacy", revision: undefined, sessionId: undefined }],
  ["legacy 2025-03-26", { era: "legacy", revision: "2025-03-26", sessionId: "s" }],
];
const customs: [string, Record<string, string>][] = [
  ["no custom headers", {}],
  ["custom headers in any case, one a protocol header", { Authorization: "Bearer x", "X-Trace": "  padded  ", "content-type": "text/plain", "MCP-Method": "spoof" }],
];
const extras: [string, Record<string, string> | undefined][] = [
  ["no extra", undefined],
  ["Mcp-Param mirrors", { "Mcp-Param-Region": "eu", accept: "text/plain" }],
];

describe("postHeaderRecord", () => {
  for (const [m, message] of messages)
    for (const [w, wire] of wires)
      for (const [c, custom] of customs)
        for (const [e, extra] of extras)
          it(`says what postHeaders says: ${m}, ${w}, ${c}, ${e}`, () => {
            const full = { ...wire, custom, message };
            expect(postHeaderRecord(full, extra, checkedHeaders(custom))).toEqual(Object.fromEntries(postHeaders(full, extra)));
          });

  it("refuses what postHeaders refuses, with the same error", () => {
    const message = stamped("tools/call", { name: "x" });
    const wire = { era: "modern" as const, revision: "2026-07-28", sessionId: undefined, message };
    const bad = { "X-Bad": "a\nb" };
    expect(checkedHeaders(bad)).toBeUndefined();
    expect(() => postHeaders({ ...wire, custom: bad }, undefined)).toThrow(/cannot build the request headers/);
    expect(() => postHeaderRecord({ ...wire, custom: bad }, undefined, checkedHeaders(bad))).toThrow(/cannot build the request headers/);
    const badMethod = { ...wire, custom: {}, message: request("c2", "tools/call\r\nX: y", { _meta: { [META.protocolVersion]: "2026-07-28" } }) };
    expect(() => postHeaderRecord(badMethod, undefined, {})).toThrow(/cannot build the request headers/);
  });
});

describe("contentTypeOf", () => {
  it.each([
    ["application/json", "application/json"],
    ["text/event-stream", "text/event-stream"],
    ["Application/JSON; charset=utf-8", "application/json"],
    [" text/event-stream ;x=1", "text/event-stream"],
    [undefined, ""],
  ])("reads %j as %j", (header, type) => {
    expect(contentTypeOf(new Response(null, { headers: header === undefined ? {} : { "content-type": header } }))).toBe(type);
  });
});
