// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { RetryDraft, StepDecision } from "../../../core";
import { CallBuilder, accept, presaToken } from "../../../../test/support/recording/builders";
import { createTestController, renderWithController } from "../../../../test/support/app/renderWithController";
import { HeldRetryPanel } from "./HeldRetryPanel";

afterEach(cleanup);

const TOKEN = presaToken();

function hold(draft: RetryDraft): { decision: Promise<StepDecision> } {
  const controller = createTestController();
  const decision = controller.session.step.hold(draft);
  const held = controller.session.step.getState().held[0];
  if (!held) throw new Error("nothing held");
  renderWithController(<HeldRetryPanel held={held} />, controller);
  return { decision };
}

const b = new CallBuilder();
const draft = b.draft(1, { name: accept({ name: "Ada" }) }, TOKEN);

describe("HeldRetryPanel", () => {
  it("sends the held draft unchanged, the token byte for byte", async () => {
    const { decision } = hold(draft);
    expect((screen.getByLabelText("Request state") as HTMLInputElement).value).toBe(TOKEN);
    expect(JSON.parse((screen.getByLabelText("Input responses (JSON)") as HTMLTextAreaElement).value)).toEqual(draft.inputResponses);
    fireEvent.click(screen.getByRole("button", { name: "Send retry" }));
    expect(await decision).toEqual({ action: "send", draft });
  });

  it("sends edited answers and an edited token, with the warning shown", async () => {
    const { decision } = hold(draft);
    fireEvent.change(screen.getByLabelText("Input responses (JSON)"), { target: { value: '{"name":{"action":"decline"}}' } });
    fireEvent.change(screen.getByLabelText("Request state"), { target: { value: `${TOKEN}x` } });
    expect(screen.getByText("edited — the server should refuse it with -32602")).toBeTruthy();
    expect(screen.getByText("answers edited")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send retry" }));
    expect(await decision).toEqual({ action: "send", draft: { ...draft, inputResponses: { name: { action: "decline" } }, requestState: `${TOKEN}x` } });
  });

  it("blocks the send while the JSON is invalid, and says why", () => {
    hold(draft);
    fireEvent.change(screen.getByLabelText("Input responses (JSON)"), { target: { value: "[1]" } });
    expect((screen.getByRole("button", { name: "Send retry" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("alert").textContent).toMatch(/must be a JSON object/);
    fireEvent.change(screen.getByLabelText("Input responses (JSON)"), { target: { value: "{}" } });
    expect((screen.getByRole("button", { name: "Send retry" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText(/No answer for: name/)).toBeTruthy();
  });

  it("removes the token when asked", async () => {
    const { decision } = hold(draft);
    fireEvent.click(screen.getByLabelText(/remove token/));
    expect((screen.getByLabelText("Request state") as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Send retry" }));
    const sent = await decision;
    expect(sent.action === "send" && "requestState" in sent.draft).toBe(false);
  });

  it("abandons the call", async () => {
    const { decision } = hold(draft);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Abandon call" })));
    expect(await decision).toMatchObject({ action: "abort" });
  });

  it("initialize era: no token editor, the answer goes to the live request", async () => {
    const { decision } = hold(b.draft(1, { "7": accept({ name: "Ada" }) }, undefined, "legacy"));
    expect(screen.queryByLabelText("Request state")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Send answer" }));
    expect(await decision).toMatchObject({ action: "send" });
  });
});
