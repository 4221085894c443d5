// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { McpError } from "../../../../core";
import { renderInput } from "../../../../../test/support/app/renderInput";

afterEach(cleanup);

const request = {
  systemPrompt: "You are a concise assistant. <script>alert(1)</script>",
  maxTokens: 120,
  modelPreferences: { hints: [{ name: "claude" }] },
  messages: [
    { role: "user", content: { type: "text", text: "Summarize <b>this</b>" } },
    { role: "user", content: [{ type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }, { type: "image", data: "x", mimeType: "text/html" }] },
  ],
};

describe("SamplingReply", () => {
  it("shows the request as text, images only from base64 image data", () => {
    const { container } = renderInput("sampling/createMessage", request);
    expect(screen.getByText("You are a concise assistant. <script>alert(1)</script>")).toBeTruthy();
    expect(screen.getByText("Summarize <b>this</b>")).toBeTruthy();
    expect([...container.querySelectorAll("img")].map((i) => i.getAttribute("src"))).toEqual(["data:image/png;base64,iVBORw0KGgo="]);
    expect(screen.getByText(/"mimeType": "text\/html"/)).toBeTruthy();
    expect(screen.getByText("120")).toBeTruthy();
    expect(screen.getByText(/"name": "claude"/)).toBeTruthy();
    expect(container.querySelector("script, b")).toBeNull();
  });

  it("Send reply answers a CreateMessageResult", async () => {
    const { settled } = renderInput("sampling/createMessage", request);
    fireEvent.change(screen.getByLabelText("Reply text"), { target: { value: "A summary." } });
    fireEvent.change(screen.getByLabelText("Stop reason"), { target: { value: "maxTokens" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await settled).toEqual({ ok: true, value: { role: "assistant", content: { type: "text", text: "A summary." }, model: "presa-inspector-mock", stopReason: "maxTokens" } });
  });

  it("Reject refuses with a cancelled McpError", async () => {
    const { settled } = renderInput("sampling/createMessage", request);
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    const out = await settled;
    expect(out.ok).toBe(false);
    const error = (out as { error: McpError }).error;
    expect(error).toBeInstanceOf(McpError);
    expect([error.kind, error.code, error.message]).toEqual(["cancelled", -1, "User rejected the sampling request"]);
  });

  it("an empty reply is not sent until confirmed", async () => {
    const { settled, inputs } = renderInput("sampling/createMessage", request);
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^The reply text is empty\./);
    expect(inputs.getState().pending).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Send empty reply" }));
    expect(await settled).toEqual({ ok: true, value: { role: "assistant", content: { type: "text", text: "" }, model: "presa-inspector-mock", stopReason: "endTurn" } });
  });

  it("typing after the question withdraws it", () => {
    renderInput("sampling/createMessage", request);
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    fireEvent.change(screen.getByLabelText("Reply text"), { target: { value: "  " } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Send reply" })).toBeTruthy();
  });

  it("flags a bidi control in the prompt", () => {
    renderInput("sampling/createMessage", { ...request, systemPrompt: "Approve \u202Etxt.exe" });
    expect(screen.getByText("⟦U+202E⟧")).toBeTruthy();
    expect(screen.getByRole("note").textContent).toMatch(/1 hidden character \(U\+202E right-to-left override\)/);
  });
});
