// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ROOTS, uiStore } from "../../../stores/uiStore";
import { renderInput } from "../../../../../test/support/app/renderInput";

beforeEach(() => uiStore.setState({ roots: DEFAULT_ROOTS }));
afterEach(cleanup);

describe("RootsAnswer", () => {
  it("edits the roots in the UI store and sends them", async () => {
    const { settled } = renderInput("roots/list", {}, { era: "legacy" });
    fireEvent.click(screen.getByRole("button", { name: "Remove root 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Add root" }));
    fireEvent.change(screen.getByLabelText("Root 2 URI"), { target: { value: "https://not-a-file.example/" } });
    fireEvent.change(screen.getByLabelText("Root 2 name"), { target: { value: "web" } });
    expect(screen.getByText(/Not a file:\/\/ URI/)).toBeTruthy();
    expect(uiStore.getState().roots).toEqual([DEFAULT_ROOTS[0], { uri: "https://not-a-file.example/", name: "web" }]);
    fireEvent.click(screen.getByRole("button", { name: "Send roots" }));
    expect(await settled).toEqual({ ok: true, value: { roots: [DEFAULT_ROOTS[0], { uri: "https://not-a-file.example/", name: "web" }] } });
  });
});
