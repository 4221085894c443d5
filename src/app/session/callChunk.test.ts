import { beforeEach, describe, expect, it, vi } from "vitest";

// Each test takes a fresh module: the call code is loaded once per page.
beforeEach(() => vi.resetModules());

describe("loadWithCallCode", () => {
  it("the call code is ready only once what was registered with it has loaded", async () => {
    const { loadCallCode, loadWithCallCode } = await import("./callChunk");
    let release!: () => void;
    let attached = false;
    loadWithCallCode(() => new Promise<void>((resolve) => (release = resolve)).then(() => void (attached = true)));
    let ready = false;
    const loading = loadCallCode().then((m) => {
      ready = true;
      return m;
    });
    // The rounds' module itself resolves; the registered part has not.
    await (await import("../../core")).loadCallRounds();
    await new Promise((r) => setTimeout(r, 0));
    expect(ready).toBe(false);
    release();
    const rounds = await loading;
    expect(attached).toBe(true);
    expect(typeof rounds).toBe("object");
  });

  it("a part unregistered before the first call is not loaded; a failed part fails the load in words, and the next call tries again", async () => {
    const { loadCallCode, loadWithCallCode } = await import("./callChunk");
    const gone = vi.fn(() => Promise.resolve());
    loadWithCallCode(gone)();
    let fail = true;
    loadWithCallCode(() => (fail ? Promise.reject(new Error("offline")) : Promise.resolve()));
    await expect(loadCallCode()).rejects.toThrow("the inspector could not load the code that runs calls (offline)");
    fail = false;
    await expect(loadCallCode()).resolves.toBeTypeOf("object");
    expect(gone).not.toHaveBeenCalled();
  });
});
