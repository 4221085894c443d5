// @vitest-environment jsdom
// The app's side of test/inputKinds.test.ts: the made-up kind is registered in the core, but the app's
// one map from kind to card has no card for it, so its card says so in words and the only answer is
// a refusal naming why; Escape refuses it too. Its words everywhere else come from the kind itself.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registerInputKind, type InputKind, type InputRequest } from "../src/core";
import { kindLabel } from "../src/app/features/input/utils/travel";
import { summarizeRequest } from "../src/app/lib/describeRounds";
import { escapeAction } from "../src/app/features/palette/utils/escapeAction";
import { renderInput } from "./support/app/renderInput";
import { FAKE_METHOD, fakeKind } from "./support/fakeKind";

let unregister: (() => void) | undefined;
beforeEach(() => void (unregister = registerInputKind(fakeKind)));
afterEach(() => {
  cleanup();
  unregister?.();
});

const params = { prompt: "Which colour?" };
const pending = { id: "i1", kind: FAKE_METHOD as InputKind, params, key: "colour", round: 1, callId: "call-1", era: "modern" as const, askedAt: 0 };

describe("a new input kind in the app", () => {
  it("without a card: the card says so in words, and Refuse sends that refusal", async () => {
    const { settled } = renderInput(FAKE_METHOD as InputKind, params);
    const why = 'This inspector has no card for the colour question (input kind "colour"), so it cannot ask you';
    expect(screen.getByRole("alert").textContent).toContain(why);
    expect(screen.getByText("Colour")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Refuse" }));
    const result = await settled;
    expect(result.ok).toBe(false);
    expect(!result.ok && (result.error as Error).message).toBe(why);
  });

  it("a method the core does not know is named as unknown, never shown as another kind's card", async () => {
    unregister?.();
    unregister = undefined;
    renderInput(FAKE_METHOD as InputKind, params);
    expect(screen.getByRole("alert").textContent).toContain(`Unknown input kind ${FAKE_METHOD}`);
    expect(screen.queryByRole("button", { name: /Send|Accept|Open/ })).toBeNull();
  });

  it("takes its words from the kind: the card title, the rounds summary, Escape's refusal", () => {
    expect(kindLabel(FAKE_METHOD, params)).toBe("Colour");
    expect(summarizeRequest({ method: FAKE_METHOD, params } as unknown as InputRequest)).toEqual({ kind: "colour", label: "colour", text: "Which colour?" });
    const escape = escapeAction([pending], "call-1");
    expect(escape?.kind).toBe("refuse");
    expect(escape?.kind === "refuse" && escape.error.message).toBe("User rejected the colour question (Escape)");
  });

  it("Escape on a method the core does not know refuses it in words", () => {
    unregister?.();
    unregister = undefined;
    const escape = escapeAction([pending], "call-1");
    expect(escape?.kind === "refuse" && escape.error.message).toBe(`User rejected the input of unknown kind ${FAKE_METHOD} (Escape)`);
    expect(kindLabel(FAKE_METHOD, params)).toBe(`Unknown input kind ${FAKE_METHOD}`);
  });
});
