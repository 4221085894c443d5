// The unit project's workers keep their modules from one file to the next (vitest.config.ts), so a
// file that replaces a module with vi.mock must be listed to run apart: this test finds every such
// file, so one added later cannot hand its replacement to the files after it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OWN_MODULES } from "../support/ownModules";

const MOCKS = /\bvi\.(?:mock|doMock)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === ".out" || e.name === "interop" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("unit files that replace a module run apart", () => {
  it("every file that calls vi.mock or vi.doMock is in OWN_MODULES, and every listed file does", () => {
    const mocking = ["src", "test"].flatMap(testFiles).filter((f) => MOCKS.test(readFileSync(f, "utf8")));
    expect(mocking.sort()).toEqual([...OWN_MODULES].sort());
  });
});
