// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInput } from "../../../../../test/support/app/renderInput";

afterEach(cleanup);

const survey = {
  mode: "form",
  message: "A short survey <img src=x onerror=alert(1)>",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Your name", minLength: 2, maxLength: 40, default: "Ada" },
      email: { type: "string", title: "Email", format: "email" },
      age: { type: "integer", title: "Age", minimum: 13, maximum: 120 },
      rating: { type: "number", title: "Rating", minimum: 0, maximum: 5, default: 4 },
      newsletter: { type: "boolean", title: "Send me the newsletter", default: false },
      editor: { type: "string", title: "Editor", enum: ["vim", "emacs"] },
      color: { type: "string", title: "Favourite colour", oneOf: [{ const: "#F00", title: "Red" }, { const: "#00F", title: "Blue" }], default: "#00F" },
      languages: { type: "array", title: "Languages", maxItems: 2, items: { type: "string", enum: ["TypeScript", "Go", "Rust"] } },
      transports: { type: "array", title: "Transports", items: { anyOf: [{ const: "stdio", title: "Standard I/O" }, { const: "http", title: "Streamable HTTP" }] }, default: ["http"] },
      extra: { type: "object", title: "Extra" },
    },
    required: ["name", "editor"],
  },
};

/** rjsf encodes option values (as indices), so pick an option by its visible text. */
function choose(select: HTMLElement, text: string): void {
  const option = within(select).getByRole("option", { name: text }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

const preview = async () => JSON.parse((await screen.findByLabelText("Preview of the answer")).textContent ?? "null") as unknown;

describe("ElicitationForm", () => {
  it("shows the card's key, round and how the answer travels", async () => {
    renderInput("elicitation/create", survey, { era: "legacy", key: "survey" });
    const card = screen.getByRole("article", { name: "Input request survey" });
    expect(within(card).getByText("round 1")).toBeTruthy();
    expect(within(card).getByText("answers a live server request (initialize era)")).toBeTruthy();
    await screen.findByLabelText("Your name");
  });

  it("renders server text as text, never as HTML", async () => {
    const { container } = renderInput("elicitation/create", survey);
    await screen.findByLabelText("Your name");
    expect(screen.getByText(/A short survey <img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });

  it("pre-fills defaults and previews them before anything is touched", async () => {
    renderInput("elicitation/create", survey);
    expect(((await screen.findByLabelText("Your name")) as HTMLInputElement).value).toBe("Ada");
    expect(await preview()).toEqual({ action: "accept", content: { name: "Ada", rating: 4, newsletter: false, color: "#00F", transports: ["http"] } });
    expect(screen.getByText(/not in the MCP elicitation subset/, { selector: "li" })).toBeTruthy();
  });

  it("blocks Accept with inline errors until the form is valid, then sends exactly the preview", async () => {
    const { settled, inputs } = renderInput("elicitation/create", survey);
    const name = await screen.findByLabelText("Your name");
    fireEvent.change(name, { target: { value: "A" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText(/must NOT have fewer than 2 characters/)).toBeTruthy();
    expect(screen.getByText(/must match format "email"/)).toBeTruthy();
    expect(inputs.getState().pending).toHaveLength(1);

    fireEvent.change(name, { target: { value: "Grace" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "grace@example.com" } });
    fireEvent.change(screen.getByLabelText("Age"), { target: { value: "40" } });
    choose(screen.getByLabelText("Editor"), "emacs");
    fireEvent.click(screen.getByLabelText("Send me the newsletter"));
    fireEvent.click(screen.getByLabelText("Go"));
    fireEvent.change(screen.getByLabelText("Extra"), { target: { value: '{"k":1}' } });
    const expected = {
      action: "accept",
      content: { name: "Grace", email: "grace@example.com", age: 40, rating: 4, newsletter: true, editor: "emacs", color: "#00F", languages: ["Go"], transports: ["http"], extra: { k: 1 } },
    };
    expect(await preview()).toEqual(expected);
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await settled).toEqual({ ok: true, value: expected });
    expect(inputs.getState().pending).toHaveLength(0);
  });

  it("rejects a raw JSON field that does not parse", async () => {
    const { inputs } = renderInput("elicitation/create", survey);
    choose(await screen.findByLabelText("Editor"), "vim");
    fireEvent.change(screen.getByLabelText("Extra"), { target: { value: "{oops" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("is not valid JSON")).toBeTruthy();
    expect(inputs.getState().pending).toHaveLength(1);
  });

  it.each([
    ["Decline", { action: "decline" }],
    ["Cancel", { action: "cancel" }],
  ])("%s answers without validating", async (button, result) => {
    const { settled } = renderInput("elicitation/create", survey);
    fireEvent.change(await screen.findByLabelText("Your name"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect(await settled).toEqual({ ok: true, value: result });
  });

  it("survives a hostile schema", async () => {
    renderInput("elicitation/create", { message: "x", requestedSchema: { type: "object", properties: { a: { $ref: "https://evil.example/x" }, b: null, c: { type: "array", items: { type: "object" } } } } });
    expect(await screen.findByLabelText("Schema warnings")).toBeTruthy();
    expect(screen.getAllByText(/not in the MCP elicitation subset/).length).toBeGreaterThan(2);
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
  });
});
