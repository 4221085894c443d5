// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInput } from "../../../../../test/support/app/renderInput";
import { FIRST_FIELDS } from "./ElicitationForm";

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
      agree: { type: "boolean", title: "I agree" },
      editor: { type: "string", title: "Editor", enum: ["vim", "emacs"] },
      color: { type: "string", title: "Favourite colour", oneOf: [{ const: "#F00", title: "Red" }, { const: "#00F", title: "Blue" }], default: "#00F" },
      size: { type: "string", title: "Size", oneOf: [{ const: "s", title: "Small" }, { const: "l", title: "Large" }] },
      legacy: { type: "string", title: "Legacy", enum: ["x", "y"], enumNames: ["Ex", "Why"] },
      languages: { type: "array", title: "Languages", maxItems: 2, items: { type: "string", enum: ["TypeScript", "Go", "Rust"] } },
      transports: { type: "array", title: "Transports", items: { anyOf: [{ const: "stdio", title: "Standard I/O" }, { const: "http", title: "Streamable HTTP" }] }, default: ["http"] },
      extra: { type: "object", title: "Extra" },
    },
    required: ["name", "editor", "agree", "size"],
  },
};

const preview = async () => JSON.parse((await screen.findByLabelText("Preview of the answer")).textContent ?? "null") as unknown;
const group = (name: string) => screen.getByRole("group", { name: new RegExp(`^${name}`) });

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

  it("starts every field empty unless the schema gives a default, and previews only those defaults", async () => {
    renderInput("elicitation/create", survey);
    expect(((await screen.findByLabelText("Your name")) as HTMLInputElement).value).toBe("Ada");
    for (const select of ["Editor", "Size", "Legacy"]) expect((screen.getByLabelText(select) as HTMLSelectElement).value).toBe("");
    expect((screen.getByLabelText("Favourite colour") as HTMLSelectElement).value).toBe("#00F");
    for (const radio of within(group("I agree")).getAllByRole("radio")) expect((radio as HTMLInputElement).checked).toBe(false);
    expect((within(group("Send me the newsletter")).getByRole("radio", { name: "No" }) as HTMLInputElement).checked).toBe(true);
    for (const box of within(group("Languages")).getAllByRole("checkbox")) expect((box as HTMLInputElement).checked).toBe(false);
    expect(await preview()).toEqual({ action: "accept", content: { name: "Ada", rating: 4, newsletter: false, color: "#00F", transports: ["http"] } });
    expect(screen.getByLabelText("Schema warnings").textContent).toMatch(/not in the MCP elicitation subset/);
  });

  it("blocks Accept with plain sentences naming each field, then sends exactly what was entered", async () => {
    const { settled, inputs } = renderInput("elicitation/create", survey);
    const name = await screen.findByLabelText("Your name");
    fireEvent.change(name, { target: { value: "A" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("“Your name” must be at least 2 characters long (it has 1).")).toBeTruthy();
    expect(screen.getByText("“Email” must be an email address, like name@example.com.")).toBeTruthy();
    expect(screen.getByText("“I agree” is required: choose Yes or No.")).toBeTruthy();
    expect(screen.getByText("“Editor” is required: choose one of its options.")).toBeTruthy();
    expect(screen.getByTestId("form-problems").textContent).toMatch(/^5 fields need attention/);
    expect(document.activeElement).toBe(name);
    expect(inputs.getState().pending).toHaveLength(1);

    fireEvent.change(name, { target: { value: "Grace" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "grace@example.com" } });
    fireEvent.change(screen.getByLabelText("Age"), { target: { value: "40" } });
    fireEvent.change(screen.getByLabelText("Editor"), { target: { value: "emacs" } });
    fireEvent.change(screen.getByLabelText("Size"), { target: { value: "l" } });
    fireEvent.click(within(group("I agree")).getByRole("radio", { name: "No" }));
    fireEvent.click(within(group("Send me the newsletter")).getByRole("radio", { name: "Yes" }));
    fireEvent.click(screen.getByLabelText("Go"));
    fireEvent.change(screen.getByLabelText("Extra"), { target: { value: '{"k":1}' } });
    const expected = {
      action: "accept",
      content: { name: "Grace", email: "grace@example.com", age: 40, rating: 4, newsletter: true, agree: false, editor: "emacs", color: "#00F", size: "l", languages: ["Go"], transports: ["http"], extra: { k: 1 } },
    };
    expect(await preview()).toEqual(expected);
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await settled).toEqual({ ok: true, value: expected });
    expect(inputs.getState().pending).toHaveLength(0);
  });

  it("an optional boolean set and cleared again is left out", async () => {
    renderInput("elicitation/create", { message: "m", requestedSchema: { type: "object", properties: { b: { type: "boolean", title: "B" } } } });
    fireEvent.click(within(await screen.findByRole("group", { name: /^B/ })).getByRole("radio", { name: "Yes" }));
    expect(await preview()).toEqual({ action: "accept", content: { b: true } });
    fireEvent.click(screen.getByRole("button", { name: "Clear (leave out)" }));
    expect(await preview()).toEqual({ action: "accept", content: {} });
  });

  it("rejects a raw JSON field that does not parse", async () => {
    const { inputs } = renderInput("elicitation/create", { message: "m", requestedSchema: { type: "object", properties: { extra: { type: "object", title: "Extra" } } } });
    fireEvent.change(await screen.findByLabelText("Extra"), { target: { value: "{oops" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("“Extra” is not valid JSON.")).toBeTruthy();
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

  it("renders every one of 600 properties, required ones at the end included, and sends only what was typed", async () => {
    const properties = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`p${i}`, { type: "string", title: `Field ${i}` }]));
    const { settled, container } = renderInput("elicitation/create", { message: "big", requestedSchema: { type: "object", properties, required: ["p598", "p599"] } });
    // Plain DOM queries: jsdom's role and label queries are slow over 600 fields.
    const field = (i: number) => container.querySelector(`[data-field="p${i}"] input`) as HTMLInputElement;
    // The first fields take input at once; the rest follow in the next task.
    expect(container.querySelectorAll("[data-field] input")).toHaveLength(FIRST_FIELDS);
    await waitFor(() => expect(container.querySelectorAll("[data-field] input")).toHaveLength(600));
    expect(container.querySelector('[data-field="p599"] label')?.textContent).toBe("Field 599");
    fireEvent.change(field(7), { target: { value: "seven" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(container.querySelector('[data-field="p598"] .field-error')?.textContent).toBe("“Field 598” is required: type a value (an empty text is not sent).");
    fireEvent.change(field(598), { target: { value: "a" } });
    fireEvent.change(field(599), { target: { value: "b" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await settled).toEqual({ ok: true, value: { action: "accept", content: { p7: "seven", p598: "a", p599: "b" } } });
  });

  it("flags hidden characters in titles, option labels and the message", async () => {
    renderInput("elicitation/create", {
      message: "Pay \u202Eexe.txt",
      requestedSchema: { type: "object", properties: { f: { type: "string", title: "Na\u200Bme", enum: ["a"], enumNames: ["A\u2066b"] } } },
    });
    expect(await screen.findByText(/hidden characters \(U\+202E right-to-left override, U\+200B zero width space, U\+2066 left-to-right isolate\)/)).toBeTruthy();
    expect(screen.getAllByText("⟦U+202E⟧").length).toBeGreaterThan(0);
    expect(screen.getByRole("option", { name: "A⟦U+2066⟧b" })).toBeTruthy();
  });

  it("survives a hostile schema", async () => {
    renderInput("elicitation/create", { message: "x", requestedSchema: { type: "object", properties: { a: { $ref: "https://evil.example/x" }, b: null, c: { type: "array", items: { type: "object" } } } } });
    expect(await screen.findByLabelText("Schema warnings")).toBeTruthy();
    expect(screen.getAllByText(/not in the MCP elicitation subset/).length).toBeGreaterThan(2);
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
  });
});
