import { describe, expect, it } from "vitest";
import { CANNED_STORAGE_KEY, createCannedStore } from "./cannedStore";

function memory(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[CANNED_STORAGE_KEY, initial]]);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const answer = { name: "Ada", server: "presa-demo", target: "tools/call greet", key: "who", question: "form: Who should I greet?", kind: "form" as const, response: { action: "accept" as const, content: { name: "Ada" } } };

describe("createCannedStore", () => {
  it("persists answers, switches and the mock model, and reads them back", () => {
    const storage = memory();
    const a = createCannedStore(storage);
    a.save(answer, 10);
    a.setAuto("form", true);
    a.setMock({ enabled: true, script: "Hi" });
    const b = createCannedStore(storage);
    expect(b.getState().answers.map((x) => [x.name, x.savedAt])).toEqual([["Ada", 10]]);
    expect(b.getState().auto).toEqual({ form: true, url: false, sampling: false, roots: false });
    expect(b.getState().mock).toEqual({ enabled: true, script: "Hi" });
  });

  it("does not persist what is armed", () => {
    const storage = memory();
    const a = createCannedStore(storage);
    a.arm("m", "x");
    expect(storage.data.size).toBe(0);
    a.disarm("m");
    expect(a.getState().armed).toEqual({});
  });

  it.each([["not json", "{"], ["not an object", "[1]"], ["broken entries", JSON.stringify({ answers: [{ id: 1 }], auto: { form: "yes" } })]])("starts empty from %s", (_n, raw) => {
    const s = createCannedStore(memory(raw)).getState();
    expect(s.answers).toEqual([]);
    expect(s.auto.form).toBe(false);
  });

  it("removes an answer", () => {
    const s = createCannedStore(memory());
    const saved = s.save(answer);
    s.remove(saved.id);
    expect(s.getState().answers).toEqual([]);
  });
});
