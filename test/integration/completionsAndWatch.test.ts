// completion/complete and resource watching against the demo server, in both eras: suggestions narrowed
// by the other arguments, the client's checks on an untrusted answer, the debounce that drops stale
// queries, and resources/subscribe (subscriptions/listen on 2026-07-28) with notifications/resources/updated.
import { afterEach, describe, expect, it } from "vitest";
import { closePairs, openPair, offerFor, type Pair } from "../support/harness";
import { Completer, COMPLETION_LIMITS, readCompletion, text, updatedUri, type ClientEvent, type CompletionQuery, type Suggestions } from "../../src/core";
import { deferred, manualClock } from "../support/kit";

afterEach(closePairs);

const ERAS = ["2026-07-28", "2025-11-25", "2025-03-26"] as const;

function nextUpdate(p: Pair, uri: string): Promise<ClientEvent> {
  return new Promise((resolve) => {
    const off = p.client.subscribe((e) => {
      if (e.type === "notification" && updatedUri(e.method, e.params) === uri) {
        off();
        resolve(e);
      }
    });
  });
}

describe.each(ERAS)("on %s", (revision) => {
  it("completes prompt arguments, the second narrowed by the first, and template variables", async () => {
    const p = await openPair({ transport: "in-process", versions: offerFor(revision) });
    expect(p.client.serverCapabilities.completions).toEqual({});
    const dept = await p.client.complete({ ref: { type: "ref/prompt", name: "team-lead" }, argument: { name: "department", value: "S" } });
    expect(dept.values).toEqual(["Sales", "Support"]);
    const member = await p.client.complete({ ref: { type: "ref/prompt", name: "team-lead" }, argument: { name: "member", value: "" }, context: { department: "Sales" } });
    const sent = p
      .frames()
      .map((f) => f.message as { method?: string; params?: Record<string, unknown> } | undefined)
      .filter((m) => m?.method === "completion/complete")
      .map((m) => m?.params);
    if (revision >= "2025-06-18") {
      expect(member.values).toEqual(["David", "Eve", "Frank"]);
      expect(sent[1]?.context).toEqual({ arguments: { department: "Sales" } });
    } else {
      // No `context` before 2025-06-18, so the server cannot narrow the second argument by the first.
      expect(sent[1]).not.toHaveProperty("context");
      expect(member.values).toEqual([]);
    }
    const name = await p.client.complete({ ref: { type: "ref/resource", uri: "demo://greeting/{name}" }, argument: { name: "name", value: "a" } });
    expect(name.values).toEqual(["Ada", "Alan"]);
    await expect(p.client.complete({ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "x", value: "" } })).rejects.toThrow(/no prompt named/);
  });

  it("watches demo://counter: an update is heard after bump-counter, the re-read shows it, and after closing none comes", async () => {
    const p = await openPair({ transport: "in-process", versions: offerFor(revision) });
    const watch = await p.client.watchResource("demo://counter");
    expect(watch.via).toBe(revision === "2026-07-28" ? "subscriptions/listen" : "resources/subscribe");
    const heard = nextUpdate(p, "demo://counter");
    expect(text(await p.client.callTool("bump-counter"))).toBe("count is now 1");
    await heard;
    const read = await p.client.readResource("demo://counter");
    expect((read.contents as { text: string }[])[0]?.text).toBe("count: 1");
    await watch.close();
    const before = p.events.filter((e) => e.type === "notification" && updatedUri(e.method, e.params)).length;
    await p.client.callTool("bump-counter");
    // The in-process pair keeps order: an update sent for the bump would arrive before its result.
    await p.client.listTools();
    expect(p.events.filter((e) => e.type === "notification" && updatedUri(e.method, e.params)).length).toBe(before);
  });
});

it("refuses to watch when the server does not declare resources.subscribe", async () => {
  const p = await openPair({ transport: "in-process", versions: offerFor("2025-11-25"), serverOptions: { resourceSubscribe: false } });
  await expect(p.client.watchResource("demo://counter")).rejects.toThrow(/does not offer resource subscriptions/);
});

describe("readCompletion (an untrusted answer)", () => {
  it("keeps text only, drops long, repeated and surplus values, and strips control characters", () => {
    const many = Array.from({ length: 150 }, (_, i) => `v${i}`);
    const r = readCompletion({ completion: { values: ["ok", 7, null, "x".repeat(COMPLETION_LIMITS.maxLength + 1), "ok", "a\u0007b\u202e", ...many], total: -3 } });
    expect(r.values.slice(0, 2)).toEqual(["ok", "ab"]);
    expect(r.values).toHaveLength(COMPLETION_LIMITS.maxValues);
    expect(r.dropped).toBe(4 + 52);
    expect(r.total).toBeUndefined();
    expect(r.hasMore).toBe(true);
    expect(readCompletion({ completion: { values: ["a"], total: 1, hasMore: false } })).toEqual({ values: ["a"], total: 1, hasMore: false, dropped: 0 });
    expect(() => readCompletion({ completion: "nope" })).toThrow(/no completion.values/);
    expect(() => readCompletion({})).toThrow(/no completion.values/);
  });
});

describe("Completer", () => {
  const query = (value: string): CompletionQuery => ({ ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value } });

  it("sends one request for a burst of keystrokes, and a newer query abandons one in flight", async () => {
    const clock = manualClock();
    const asked: { value: string; signal: AbortSignal; answer: ReturnType<typeof deferred<Suggestions>> }[] = [];
    const completer = new Completer(
      (q, signal) => {
        const answer = deferred<Suggestions>();
        asked.push({ value: q.argument.value, signal, answer });
        return answer.promise;
      },
      { clock, debounceMs: 200 },
    );
    const first = completer.suggest(query("S"));
    const second = completer.suggest(query("Sa"));
    expect(await first).toBeUndefined();
    clock.advance(200);
    expect(asked.map((a) => a.value)).toEqual(["Sa"]);
    // A third query while the second is in flight aborts its request; its late answer is ignored.
    const third = completer.suggest(query("Sal"));
    expect(asked[0]?.signal.aborted).toBe(true);
    asked[0]?.answer.resolve({ values: ["stale"], total: undefined, hasMore: false, dropped: 0 });
    expect(await second).toBeUndefined();
    clock.advance(200);
    asked[1]?.answer.resolve({ values: ["Sales"], total: 1, hasMore: false, dropped: 0 });
    expect((await third)?.values).toEqual(["Sales"]);
  });
});
