// The hostile demo server against the real client, in process and over HTTP, in both eras:
// every attack ends in a typed error (or, for content, an answer kept as data), quickly, and the same
// session then runs greet as if nothing happened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpError, text } from "../../src/core";
import { HTML_LINE, hostileServer } from "../../src/server/hostile";
import { LEGACY, MODERN, TRANSPORTS, caught, demoHandlers, messages, openPair, paramsOf, type Pair } from "../support/harness";

/** never-answers runs on its own pair with this timeout; the other pairs wait long, as a person would. */
const TIMEOUT_MS = 300;

type Expect =
  | { error: McpError["kind"]; message: RegExp; code?: number }
  /** Initialize era: the server turns the client's refusal into an isError result. */
  | { isError: RegExp }
  | { text: RegExp };

/** What each hostile tool must come to, by era and transport. */
function expected(tool: string, era: "modern" | "legacy", transport: "in-process" | "http"): Expect {
  const legacy = era === "legacy";
  const refusedLive = (why: RegExp): Expect => ({ isError: new RegExp(`The client could not answer elicitation/create .*${why.source}`) });
  switch (tool) {
    case "bad-json":
      return { error: "transport", message: /^the answer to tools\/call could not be read: bad frame from (peer|server): not JSON/ };
    case "wrong-envelope":
      return { error: "transport", message: /could not be read: .*not a JSON-RPC 2\.0 message \(result is not an object\)/ };
    case "wrong-shape":
      return { error: "protocol", message: /^the tools\/call result is malformed: content is a string, not a list$/ };
    case "unknown-input":
      return legacy ? { isError: /needs a 2026-07-28 session/ } : { error: "protocol", message: /^input request "run" has an unknown method: shell\/exec$/ };
    case "deep-schema":
      return legacy ? refusedLive(/nests more than 10 levels deep/) : { error: "protocol", message: /^form elicitation "deep": requestedSchema nests more than 10 levels deep/ };
    case "recursive-schema":
      return legacy ? refusedLive(/is recursive/) : { error: "protocol", message: /requestedSchema is recursive: \$ref "#\/\$defs\/node" leads back to itself/ };
    case "huge-schema":
      return legacy
        ? refusedLive(/the frame is 10\.\d MB, over the 8 MB cap/)
        : { error: "transport", message: transport === "http" ? /^POST tools\/call: the answer is 10\.\d MB, over the 8 MB cap/ : /the frame is 10\.\d MB, over the 8 MB cap/ };
    case "odd-schema":
      return { text: /^The client answered: \{"action":"accept","content":\{\}\}$/ };
    case "html-text":
      return { text: /^Result: Hello <script>/ };
    case "html-error":
      return { error: "protocol", code: -32603, message: /^Server error: Hello <script>window\.__pwned="script"<\/script> <img src=x onerror=/ };
    case "javascript-url":
      return legacy ? refusedLive(/javascript: URL/) : { error: "protocol", message: /^URL elicitation "link" links to a javascript: URL; only http and https links can be opened$/ };
    case "data-url":
      return legacy ? refusedLive(/data: URL/) : { error: "protocol", message: /links to a data: URL/ };
    case "huge-token":
      return legacy ? { isError: /needs a 2026-07-28 session/ } : { error: "protocol", message: /^requestState is 1 MB, over the client's 256 kB cap; it was not sent back$/ };
    case "endless-loop":
      return legacy ? { isError: /gave up after 12 rounds/ } : { error: "tooManyRounds", message: /asked for input 11 times; the cap is 10 rounds/ };
    case "cut-stream":
      if (transport === "in-process") return { error: "transport", message: /could not be read: bad frame from peer: not JSON: Unterminated string/ };
      return { error: "transport", message: legacy ? /response stream broke .*no event id to resume from/ : /response stream broke before the response arrived/ };
    case "hostile-icons":
      return { text: /^This tool's icons are the attack/ };
    case "url-required-anywhere":
      // 2025-11-25 defines -32042: the URL is shown, completed, retried, and the repeat is stopped.
      return legacy
        ? { error: "protocol", code: -32042, message: /^the server asked for the same URL \(https:\/\/auth\.example\.com\/signin\) 3 times with -32042/ }
        : { error: "protocol", code: -32042, message: /^Sign in first\.$/ };
    case "app-escape-top":
    case "app-read-parent":
    case "app-undeclared-network":
    case "app-endless-resize":
    case "app-message-flood":
      // The attack is the app, which only a page renders (e2e/apps.spec.ts); the call itself is plain.
      return { text: /: the app is shown beside this result\.$/ };
    case "wrong-mcp-name":
      // The body is a plain answer; its HTTP answer's wrong Mcp-Name is the HTTP view's to catch
      // (test/integration/httpExchanges.test.ts, e2e/http.spec.ts).
      return { text: /^Answered; the HTTP answer's Mcp-Name header names another tool$/ };
    case "never-answers":
      return { error: "timeout", message: new RegExp(`^tools/call got no answer in ${TIMEOUT_MS} ms$`) };
    default:
      throw new Error(`no expectation for ${tool}`);
  }
}

const TOOLS = hostileServer().tools;
// The task tools need a client that takes tasks: test/integration/tasksHostile.test.ts covers them.
const HOSTILE = [...TOOLS.keys()].filter((name) => name !== "greet" && name !== "echo" && !TOOLS.get(name)?.execution);

for (const transport of TRANSPORTS) {
  for (const revision of [MODERN, LEGACY[0]]) {
    const era = revision === MODERN ? "modern" : "legacy";
    describe(`the hostile server over ${transport}, ${revision}`, () => {
      let pair: Pair;
      beforeAll(async () => {
        const versions = revision === MODERN ? undefined : [revision];
        // A generous timeout: an error that only a timeout produced would show up as kind "timeout".
        pair = await openPair({ transport, server: hostileServer(), handlers: demoHandlers(), requestTimeoutMs: 30_000, ...(versions ? { versions } : {}) });
      });
      afterAll(() => pair.close());

      const check = async (p: Pair, tool: string): Promise<void> => {
        const want = expected(tool, era, transport);
        if ("error" in want) {
          const error = await caught<McpError>(p.client.callTool(tool));
          expect({ kind: error.kind, message: error.message }).toEqual({ kind: want.error, message: expect.stringMatching(want.message) });
          if (want.code !== undefined) expect(error.code).toBe(want.code);
        } else {
          const result = await p.client.callTool(tool);
          if ("isError" in want) expect(result.isError).toBe(true);
          expect(text(result)).toMatch("isError" in want ? want.isError : want.text);
        }
        expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
        expect(p.client.getSnapshot().status).toBe("connected");
      };

      it.each(HOSTILE.filter((t) => t !== "never-answers"))("%s ends as it should, and greet works after it", (tool) => check(pair, tool));

      it("never-answers ends on the client's timeout, and greet works after it", async () => {
        const versions = revision === MODERN ? undefined : [revision];
        const quick = await openPair({ transport, server: hostileServer(), handlers: demoHandlers(), requestTimeoutMs: TIMEOUT_MS, ...(versions ? { versions } : {}) });
        await check(quick, "never-answers");
        await quick.close();
      });

      // Runs after the attacks above (vitest keeps the order within a file).
      it("keeps every broken frame in the wire log, as sent", () => {
        const broken = pair.frames().filter((f) => f.direction === "in" && f.message === undefined);
        if (transport === "in-process") {
          expect(broken.some((f) => f.raw.endsWith(`"result":{'content': [<b>not json</b>]}`))).toBe(true);
        }
        for (const f of broken) expect(f.error).toMatch(/^bad frame from (peer|server): /);
      });
    });
  }
}

describe("hostile content is kept as data, never changed by the core", () => {
  it("html-text: markup in the form, the sampling request and the result arrives byte for byte", async () => {
    const seen: string[] = [];
    const handlers = demoHandlers();
    const p = await openPair({
      transport: "in-process",
      server: hostileServer(),
      handlers: {
        ...handlers,
        "elicitation/create": (params, ctx) => (seen.push(params.message), handlers["elicitation/create"](params, ctx)),
        "sampling/createMessage": (params, ctx) => (seen.push(String(params.systemPrompt)), handlers["sampling/createMessage"](params, ctx)),
      },
    });
    const result = await p.client.callTool("html-text");
    expect(seen).toEqual([`Form: ${HTML_LINE}`, HTML_LINE]);
    expect(text(result).startsWith(`Result: ${HTML_LINE}`)).toBe(true);
    await p.close();
  });

  it("huge-token: the token is never sent back", async () => {
    const p = await openPair({ transport: "in-process", server: hostileServer(), handlers: demoHandlers() });
    await caught(p.client.callTool("huge-token"));
    const calls = messages(p.events, "out", "tools/call");
    expect(calls).toHaveLength(1);
    expect(paramsOf(calls[0] ?? {})).not.toHaveProperty("requestState");
    await p.close();
  });

  it("never-answers on 2025-11-25: the timed-out call is cancelled on the server (notifications/cancelled)", async () => {
    const p = await openPair({ transport: "http", server: hostileServer(), handlers: demoHandlers(), versions: ["2025-11-25"], requestTimeoutMs: 200 });
    const error = await caught<McpError>(p.client.callTool("never-answers"));
    expect(error.kind).toBe("timeout");
    const call = messages(p.events, "out", "tools/call")[0];
    const cancelled = messages(p.events, "out", "notifications/cancelled");
    expect(cancelled.map(paramsOf)).toEqual([{ requestId: call?.id, reason: "tools/call got no answer in 200 ms" }]);
    expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
    await p.close();
  });
});
