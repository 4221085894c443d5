// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { accept, CallBuilder, elicitRequest } from "../../../../../test/support/recording/builders";
import { diffCall } from "../../../../core/recording";
import { DiffView } from "./DiffView";

afterEach(cleanup);

const run = (question: string, result: string) =>
  new CallBuilder().round(1, { q: elicitRequest(question) }).asked(1, "q", elicitRequest(question)).answered(1, "q", accept({})).finished({ result: { content: [{ type: "text", text: result }] } }).build();

describe("DiffView", () => {
  it("says same for a call that behaves as recorded", () => {
    render(<DiffView diff={diffCall(run("Name?", "ok"), run("Name?", "ok"))} />);
    const article = screen.getByRole("article", { name: "Replay of tools/call two-steps" });
    expect(within(article).getByLabelText("Round 1 same")).toBeTruthy();
    expect(within(article).getByLabelText("Result same").textContent).toContain("ok");
  });

  it("shows a changed question and result before → after, server text as text", () => {
    render(<DiffView diff={diffCall(run("Name?", "<b>old</b>"), run("Your name?", "new"))} />);
    const input = screen.getByLabelText("Input q changed");
    expect(input.querySelector("del")?.textContent).toBe("form: Name?");
    expect(input.querySelector("ins")?.textContent).toBe("form: Your name?");
    const outcome = screen.getByLabelText("Result changed");
    expect(outcome.querySelector("del")?.textContent).toBe("<b>old</b>");
    expect(outcome.querySelector("b")).toBeNull();
  });
});
