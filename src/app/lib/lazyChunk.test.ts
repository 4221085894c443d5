import { describe, expect, it } from "vitest";
import { McpError } from "../../core";
import { LazyLoadError, lazyChunk } from "./lazyChunk";

describe("lazyChunk", () => {
  it("loads once and gives every caller the same module", async () => {
    let loads = 0;
    const load = lazyChunk("a part", () => Promise.resolve({ n: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });

  it("turns a failed load into words, and tries again on the next call", async () => {
    let calls = 0;
    const load = lazyChunk("the embedded demo server", () => (++calls === 1 ? Promise.reject(new TypeError("Failed to fetch dynamically imported module: x.js")) : Promise.resolve("ok")));
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LazyLoadError);
    expect(error).toBeInstanceOf(McpError);
    expect((error as LazyLoadError).message).toBe("the inspector could not load the embedded demo server (Failed to fetch dynamically imported module: x.js)");
    expect(await load()).toBe("ok");
    expect(calls).toBe(2);
  });
});
