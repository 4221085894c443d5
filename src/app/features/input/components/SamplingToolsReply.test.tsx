// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderInput } from "../../../../../test/support/app/renderInput";

afterEach(cleanup);
// jsdom has no scrollIntoView; a new question card scrolls itself into view (lib/focusQuestion.ts).
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

const city = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const tools = [
  { name: "get_weather", description: "The current weather", inputSchema: city },
  { name: "get_time", description: "The local time", inputSchema: city },
];
const first = { messages: [{ role: "user", content: { type: "text", text: "Weather in Oslo?" } }], maxTokens: 100, tools, toolChoice: { mode: "auto" } };

describe("SamplingReply with tools", () => {
  it("shows the offered tools and the tool choice, and answers with tool_use blocks from the tools' schemas", async () => {
    const { settled } = renderInput("sampling/createMessage", first);
    const offered = screen.getByTestId("offered-tools");
    expect(within(offered).getByText("get_weather")).toBeTruthy();
    expect(screen.getByTestId("tool-choice").textContent).toMatch(/^auto/);
    fireEvent.click(screen.getByRole("radio", { name: "Tool use" }));
    fireEvent.click(await screen.findByRole("button", { name: "JSON" }));
    fireEvent.change(screen.getByLabelText("Arguments (JSON)"), { target: { value: '{"city":"Oslo"}' } });
    fireEvent.click(screen.getByRole("button", { name: "Send tool use" }));
    const answer = await settled;
    expect(answer.ok).toBe(true);
    const value = answer.ok ? (answer.value as unknown as { content: { type: string; name: string; input: unknown; id: string }[]; stopReason: string }) : undefined;
    expect(value?.stopReason).toBe("toolUse");
    expect(value?.content).toEqual([{ type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "get_weather", input: { city: "Oslo" } }]);
  });

  it("says which required argument is missing instead of sending", async () => {
    renderInput("sampling/createMessage", { ...first, toolChoice: { mode: "required" } });
    // "required" opens the tool-use editor directly.
    expect((screen.getByRole("radio", { name: "Tool use" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Add another tool use" }));
    fireEvent.change(screen.getByLabelText("Tool for tool use 2"), { target: { value: "get_time" } });
    const json = await screen.findAllByRole("button", { name: "JSON" });
    fireEvent.click(json[0]!);
    fireEvent.change(screen.getByLabelText("Arguments (JSON)"), { target: { value: '{"city":"Oslo"}' } });
    fireEvent.click(screen.getAllByRole("button", { name: "Send 2 tool uses" })[0]!);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Tool use 2 (get_time): city is required."));
  });

  it("offers no tool use when the choice is none", () => {
    renderInput("sampling/createMessage", { ...first, toolChoice: { mode: "none" } });
    expect(screen.queryByRole("radio", { name: "Tool use" })).toBeNull();
    expect(screen.getByTestId("tool-choice").textContent).toMatch(/must not use a tool/);
  });

  it("shows a later request of the loop as a conversation: each tool_result beside its tool_use", () => {
    const later = {
      ...first,
      messages: [
        first.messages[0],
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "get_weather", input: { city: "Oslo" } }] },
        { role: "user", content: [{ type: "tool_result", toolUseId: "t1", content: [{ type: "text", text: "<b>4°C</b>" }] }] },
      ],
    };
    const { container } = renderInput("sampling/createMessage", later);
    const conversation = screen.getByRole("list", { name: "Conversation" });
    expect(within(conversation).getByTestId("tool-use-turn").textContent).toContain("get_weather");
    expect(within(conversation).getByTestId("tool-result-turn").textContent).toBe("server ran it get_weather: <b>4°C</b>");
    expect(container.querySelector("b")).toBeNull();
  });
});
