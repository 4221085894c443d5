// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JsonObject } from "../../../core";
import { ArgumentsForm } from "./LazyArgumentsForm";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ schema, onSubmit }: { schema: JsonObject; onSubmit: (v: Record<string, unknown>) => void }) {
  const [value, setValue] = useState<Record<string, unknown>>({});
  return <ArgumentsForm schema={schema} value={value} onChange={setValue} onSubmit={onSubmit} submitLabel="Call tool" />;
}

const echo: JsonObject = { type: "object", properties: { message: { type: "string", title: "Message" }, times: { type: "integer", minimum: 1, default: 2 } }, required: ["message"] };

describe("ArgumentsForm", () => {
  it("builds a form from the input schema, validates, and submits with defaults", async () => {
    const onSubmit = vi.fn();
    render(<Harness schema={echo} onSubmit={onSubmit} />);
    const submit = await screen.findByRole("button", { name: "Call tool" });
    fireEvent.click(submit);
    expect(await screen.findByText(/is required/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "hi" } });
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ message: "hi", times: 2 });
  });

  it("switches to the raw JSON editor and keeps the value", async () => {
    const onSubmit = vi.fn();
    render(<Harness schema={echo} onSubmit={onSubmit} />);
    fireEvent.change(await screen.findByLabelText("Message"), { target: { value: "hi" } });
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    const text = screen.getByLabelText("Arguments (JSON)") as HTMLTextAreaElement;
    expect(JSON.parse(text.value)).toMatchObject({ message: "hi" });
    fireEvent.change(text, { target: { value: '{"message": "raw"}' } });
    fireEvent.click(screen.getByRole("button", { name: "Call tool" }));
    expect(onSubmit).toHaveBeenCalledWith({ message: "raw" });
  });

  it("never fetches a network $ref and says it was not followed", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    render(<Harness schema={{ type: "object", properties: { a: { $ref: "https://evil.example/schema.json" } } }} onSubmit={() => undefined} />);
    expect(await screen.findByText(/https:\/\/evil.example\/schema.json is not followed/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Call tool" }));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("falls back to the JSON editor for a schema the form cannot render", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<Harness schema={{ type: "object", properties: { a: { $ref: "#/definitions/missing" } } }} onSubmit={() => undefined} />);
    expect(await screen.findByText(/The form cannot show this schema/)).toBeTruthy();
    expect(screen.getByLabelText("Arguments (JSON)")).toBeTruthy();
  });
});
