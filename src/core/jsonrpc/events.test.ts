import { describe, expect, it, vi } from "vitest";
import { Emitter } from "./events";

describe("Emitter", () => {
  it("calls each listener once per event, in order, and an undo stops it", () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const a = (n: number) => seen.push(`a${n}`);
    const undoA = emitter.subscribe(a);
    emitter.subscribe(a); // the same listener twice is one listener, as in a Set
    const undoB = emitter.subscribe((n) => seen.push(`b${n}`));
    emitter.emit(1);
    undoA();
    emitter.emit(2);
    undoB();
    emitter.emit(3);
    expect(seen).toEqual(["a1", "b1", "b2"]);
    expect(emitter.size).toBe(0);
  });

  it("walks the listeners of the moment: one added during an emit waits, one removed during it is skipped", () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    const late = (e: string) => seen.push(`late ${e}`);
    let undoSecond = (): void => undefined;
    emitter.subscribe((e) => {
      seen.push(`first ${e}`);
      if (e === "x") {
        undoSecond();
        emitter.subscribe(late);
      }
    });
    undoSecond = emitter.subscribe((e) => seen.push(`second ${e}`));
    emitter.emit("x");
    emitter.emit("y");
    expect(seen).toEqual(["first x", "first y", "late y"]);
  });

  it("reports a throwing listener and still calls the others", () => {
    const emitter = new Emitter<number>();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const after = vi.fn();
    emitter.subscribe(() => {
      throw new Error("boom");
    });
    emitter.subscribe(after);
    emitter.emit(7);
    expect(after).toHaveBeenCalledWith(7);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
