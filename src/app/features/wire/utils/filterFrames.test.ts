import { describe, expect, it } from "vitest";
import { brokenFrame, notificationFrame, requestFrame, resultFrame, wireEntry } from "../../../../../test/support/recording/builders";
import type { WireEntry } from "../wireStore";
import { NO_FILTER, extendFiltered, filterFrames, isListMethod, type FrameFilter } from "./filterFrames";

const log: WireEntry[] = [
  requestFrame(1, "tools/list"),
  resultFrame(1, "tools/list", { tools: [] }),
  requestFrame(2, "tools/call", { name: "two-steps" }),
  resultFrame(2, "tools/call", { resultType: "input_required", requestState: "p2.AbC" }),
  requestFrame(3, "roots/list"),
  notificationFrame("notifications/progress"),
  brokenFrame("{not json", "Unexpected token n"),
  wireEntry("out", { jsonrpc: "2.0", id: 3, result: { roots: [] } }, { method: "roots/list" }),
];
const names = (entries: readonly WireEntry[]) => entries.map((e) => log.indexOf(e));
const f = (over: Partial<FrameFilter>): FrameFilter => ({ ...NO_FILTER, ...over });

describe("filterFrames", () => {
  it.each<[string, Partial<FrameFilter>, number[]]>([
    ["nothing filters", {}, [0, 1, 2, 3, 4, 5, 6, 7]],
    ["sent only", { direction: "out" }, [0, 2, 4, 7]],
    ["received only", { direction: "in" }, [1, 3, 5, 6]],
    ["method text, responses by the method they answer", { text: "tools/call" }, [2, 3]],
    ["any case", { text: "TOOLS/CALL" }, [2, 3]],
    ["raw text", { text: "input_required" }, [3]],
    ["raw text of a broken frame", { text: "not json" }, [6]],
    ["regex characters are literal", { text: "p2.abc" }, [3]],
    ["a dot does not match any character", { text: "p1xabc" }, []],
    ["whitespace-only text filters nothing", { text: "   " }, [0, 1, 2, 3, 4, 5, 6, 7]],
    ["hide list calls keeps roots/list", { hideLists: true }, [2, 3, 4, 5, 6, 7]],
    ["all three at once", { hideLists: true, direction: "out", text: "list" }, [4, 7]],
  ])("%s", (_name, over, expected) => {
    expect(names(filterFrames(log, f(over)))).toEqual(expected);
  });

  it("gives back the same array when nothing filters", () => {
    expect(filterFrames(log, NO_FILTER)).toBe(log);
  });

  it.each([
    ["tools/list", true],
    ["resources/templates/list", true],
    ["roots/list", false],
    ["tools/call", false],
    ["", false],
  ])("isListMethod(%s) = %s", (method, expected) => expect(isListMethod(method)).toBe(expected));
});

describe("extendFiltered", () => {
  const filter = f({ text: "tools" });

  it("reuses the cache when nothing changed", () => {
    const cache = extendFiltered(undefined, log, filter);
    expect(extendFiltered(cache, log, filter)).toBe(cache);
  });

  it.each<[string, (old: WireEntry[]) => WireEntry[]]>([
    ["frames appended", (old) => [...old, requestFrame(9, "tools/call"), requestFrame(10, "ping")]],
    ["the cap dropped the oldest while appending", (old) => [...old.slice(2), requestFrame(11, "tools/call")]],
    ["cleared and refilled", () => [requestFrame(12, "tools/list")]],
    ["nothing new that matches", (old) => [...old, requestFrame(13, "ping")]],
  ])("matches a full refilter: %s", (_name, grow) => {
    const old = [...log];
    const next = grow(old);
    const cache = extendFiltered(undefined, old, filter);
    expect(extendFiltered(cache, next, filter).result).toEqual(filterFrames(next, filter));
  });

  it.each([
    ["typing on", "tool", "tools/c"],
    ["adding a word", "tools", "tools/call"],
    ["a different case", "TOOLS", "Tools/list"],
    ["text that does not contain the old", "tools/call", "ping"],
    ["deleting a character", "tools/c", "tools/"],
  ])("matches a full refilter after %s", (_name, before, after) => {
    const cache = extendFiltered(undefined, log, f({ text: before }));
    expect(extendFiltered(cache, log, f({ text: after })).result).toEqual(filterFrames(log, f({ text: after })));
  });

  it("refilters when the filter changes", () => {
    const cache = extendFiltered(undefined, log, filter);
    expect(names(extendFiltered(cache, log, f({ direction: "in" })).result)).toEqual([1, 3, 5, 6]);
  });
});
