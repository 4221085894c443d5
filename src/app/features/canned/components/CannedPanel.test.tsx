// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAnswers } from "../../../../core/recording";
import { cannedStore } from "../cannedStore";
import { CannedPanel } from "./CannedPanel";

afterEach(() => {
  for (const a of cannedStore.getState().answers) cannedStore.remove(a.id);
  vi.restoreAllMocks();
});

describe("CannedPanel", () => {
  it("exports the canned answers as the answers file the command line reads", async () => {
    cannedStore.save({ name: "Ada", server: "presa-demo", target: "tools/call greet", key: "who", question: "form: Who should I greet?", kind: "form", response: { action: "accept", content: { name: "Ada" } } }, 5);
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return "blob:answers";
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    render(<CannedPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Export answers file" }));
    expect(click).toHaveBeenCalledOnce();
    // jsdom's Blob has no text(): read it the way a page could.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob as Blob);
    });
    const parsed = parseAnswers(text);
    expect(parsed.ok && parsed.answers.map((a) => [a.name, a.target, a.key, a.response])).toEqual([["Ada", "tools/call greet", "who", { action: "accept", content: { name: "Ada" } }]]);
  });
});
