// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SECRET, T0, presaToken } from "../../../../../test/support/recording/builders";
import { TokenView } from "./TokenView";

const params = { name: "two-steps", arguments: {} };
const scope = { method: "tools/call", params };

function b64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0 + 1000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("TokenView", () => {
  it("presa: payload, scope checks against the call, a live countdown and the MAC check", () => {
    render(<TokenView token={presaToken({ params, state: { step: 1 } })} scope={scope} />);
    const view = screen.getByRole("group", { name: "Request state" });
    expect(view.getAttribute("data-kind")).toBe("presa");
    expect(within(view).getByText("presa v2")).toBeTruthy();
    expect(within(view).getByText("tools/call")).toBeTruthy();
    expect(within(view).getByText('{"step":1}')).toBeTruthy();
    expect(within(view).getByText(/method matches/)).toBeTruthy();
    expect(within(view).getByText(/params digest matches/)).toBeTruthy();
    expect(within(view).getByText("expires in 4 m 59 s")).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(within(view).getByText("expires in 4 m 56 s")).toBeTruthy();

    const key = within(view).getByLabelText("Verify MAC");
    fireEvent.change(key, { target: { value: "nope" } });
    expect(within(view).getByRole("status").textContent).toMatch(/MAC invalid/);
    fireEvent.change(key, { target: { value: SECRET } });
    expect(within(view).getByRole("status").textContent).toMatch(/MAC valid/);
  });

  it("presa: flags another method, other params and expiry", () => {
    vi.setSystemTime(T0 + 312_000);
    render(<TokenView token={presaToken({ params })} scope={{ method: "prompts/get", params: { name: "other" } }} />);
    expect(screen.getByText(/token says tools\/call, the call is prompts\/get/)).toBeTruthy();
    expect(screen.getByText(/params digest differs/)).toBeTruthy();
    expect(screen.getByText("expired 12 s ago")).toBeTruthy();
    expect(screen.getAllByText("✗")).toHaveLength(3);
  });

  it("jwt: header, payload, alg and exp, signature not verified", () => {
    const token = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify({ sub: "u1", exp: (T0 + 61_000) / 1000 }))}.${b64url("sig")}`;
    render(<TokenView token={token} scope={scope} />);
    expect(screen.getByText("JWT")).toBeTruthy();
    expect(screen.getByText("HS256")).toBeTruthy();
    expect(screen.getByText("signature not verified")).toBeTruthy();
    expect(screen.getByText(/"sub":"u1"/)).toBeTruthy();
    expect(screen.getByText(/expires in 1 m 00 s/)).toBeTruthy();
  });

  it.each([
    ['{"step":1,"name":"Ada"}', "text"],
    [Buffer.from('{"step":1}').toString("base64"), "base64"],
  ])("json: the decoded value and its encoding (%s)", (token, encoding) => {
    render(<TokenView token={token} />);
    expect(screen.getByText("JSON")).toBeTruthy();
    expect(screen.getByText(`encoding: ${encoding}`)).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Decoded JSON" })).getByRole("button").textContent).toMatch(/"step":1/);
  });

  it("opaque: the length and the reason", () => {
    render(<TokenView token="just some opaque text" />);
    expect(screen.getByText(/opaque token, 21 characters: not presa, a JWT, JSON or base64 JSON/)).toBeTruthy();
  });

  it.each([
    ["empty", ""],
    ["dots", "p2...."],
    ["a token of the format before", `p1.${b64url('{"v":1}')}.${b64url("x".repeat(32))}`],
    ["a broken presa token", `p2.${b64url('{"v":3}')}.${b64url("x".repeat(32))}`],
    ["markup", '<img src=x onerror="alert(1)">'],
    ["huge", `{${"a".repeat(2_000_000)}`],
    ["a JWE", `${b64url('{"alg":"dir"}')}.a.b.c.d`],
  ])("never throws, and shows server text as text: %s", (_name, token) => {
    const { container } = render(<TokenView token={token} scope={scope} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("group", { name: "Request state" }).getAttribute("data-kind")).toBe("opaque");
    expect(screen.getByTestId("token-raw").textContent?.length).toBeLessThan(200);
  });

  it("expands the raw token and copies it whole", async () => {
    const token = presaToken({ state: { long: "x".repeat(500) } });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<TokenView token={token} />);
    expect(screen.getByTestId("token-raw").textContent).not.toBe(token);
    fireEvent.click(screen.getByRole("button", { name: "expand" }));
    expect(screen.getByTestId("token-raw").textContent).toBe(token);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy token" })));
    expect(writeText).toHaveBeenCalledWith(token);
    expect(screen.getByText("Copied")).toBeTruthy();
  });
});
