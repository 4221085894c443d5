// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { McpError } from "../../core";
import type { CallRecord } from "../model";
import type { Controller } from "../session/controller";
import { CallBuilder, accept, elicitRequest, presaToken, roundCapError, rootsRequest, samplingRequest, urlRequest } from "../../../test/support/recording/builders";
import { renderWithController } from "../../../test/support/app/renderWithController";
import { RoundsTimeline } from "./RoundsTimeline";

afterEach(cleanup);

function show(call: CallRecord): Controller {
  const { controller } = renderWithController(<RoundsTimeline />);
  act(() => {
    for (const event of call.events) controller.session.calls.record(event, 1, "2026-07-28");
  });
  return controller;
}

const tok1 = presaToken({ state: { step: 1 } });
const tok2 = presaToken({ state: { step: 2 } });

describe("RoundsTimeline", () => {
  it("says so when there is no call", () => {
    renderWithController(<RoundsTimeline />);
    expect(within(screen.getByRole("region", { name: "Rounds" })).getByText(/No call yet/)).toBeTruthy();
  });

  it("shows each round with its questions, answers, badge, token and the outcome", () => {
    show(
      new CallBuilder()
        .round(1, { profile: elicitRequest("Tell us about yourself"), signin: urlRequest("Sign in", "https://auth.example.com/a"), welcome: samplingRequest("Write a welcome") }, tok1)
        .answered(1, "profile", accept({ name: "Ada" }), 120)
        .answered(1, "signin", { action: "accept" }, 5)
        .answered(1, "welcome", { role: "assistant", content: { type: "text", text: "Hi" }, model: "m" }, 7)
        .wait(130)
        .retried(1, 2, {}, tok1)
        .round(2, { roots: rootsRequest() }, tok2)
        .retried(2, 3, {}, tok2)
        .wait(20)
        .finished()
        .build(),
    );
    const section = screen.getByRole("region", { name: "Rounds" });
    const round1 = within(section).getByRole("listitem", { name: "Round 1" });
    expect(within(round1).getByTestId("round-origin").textContent).toBe("original call");
    expect(within(round1).getByText("Tell us about yourself")).toBeTruthy();
    expect(within(round1).getByText("https://auth.example.com/a")).toBeTruthy();
    expect(within(round1).getByText("Write a welcome")).toBeTruthy();
    expect(within(within(round1).getByRole("group", { name: "Answer profile" })).getByRole("button").textContent).toBe('{"action":"accept","content":{"name":"Ada"}}');
    expect(within(round1).getByText("120 ms")).toBeTruthy();
    expect(within(round1).getByText(/answers sent in retry 1 \(request #2\) 130 ms after the round began/)).toBeTruthy();
    expect(within(round1).getByText(/echoed this token byte for byte; the next round brought a new token/)).toBeTruthy();
    expect(within(within(section).getByRole("listitem", { name: "Round 2" })).getByTestId("round-origin").textContent).toBe("after retry 1");
    expect(within(section).getAllByRole("group", { name: "Request state" })).toHaveLength(2);
    expect(within(section).getByText("token chain intact")).toBeTruthy();
    expect(within(section).getByText(/Complete after 2 rounds of input and 3 requests \(the original call and 2 retries\), in /)).toBeTruthy();
    expect(within(section).queryByText(/not retried yet/)).toBeNull();
  });

  it("a finished call never says a round is waiting for its retry", () => {
    show(new CallBuilder().round(1, { name: elicitRequest("Name?") }, tok1).answered(1, "name", { action: "decline" }, 5).finished({ error: new McpError({ kind: "protocol", code: -32603, message: "boom" }) }).build());
    const round = screen.getByRole("listitem", { name: "Round 1" });
    expect(within(round).queryByText(/not retried yet/)).toBeNull();
    expect(within(round).getByText(/no retry followed: the call ended with this round/)).toBeTruthy();
    expect(screen.getByText(/Error \(-32603 InternalError\) \(1 request \(the original call, no retries\)\): boom/)).toBeTruthy();
  });

  it("flags an edited token and a server error at the end", () => {
    const rpc = new McpError({ kind: "protocol", code: -32602, message: "requestState signature does not match" });
    show(new CallBuilder().round(1, { name: elicitRequest("Name?") }, tok1).retried(1, 2, {}, `${tok1}x`, true).finished({ error: rpc }).build());
    const round = screen.getByRole("listitem", { name: "Round 1" });
    expect(within(round).getByText("edited")).toBeTruthy();
    expect(within(round).getByText(/the retry sent a different token \(differs from character/)).toBeTruthy();
    expect(screen.getByText("1 token mismatch")).toBeTruthy();
    expect(screen.getByText(/Error \(-32602 InvalidParams\) \(2 requests \(the original call and 1 retry\)\): requestState signature does not match/)).toBeTruthy();
  });

  it("initialize era: a live request badge, no token talk, the round cap at the end", () => {
    show(
      new CallBuilder()
        .round(1, { "7": elicitRequest("Again?") }, undefined, "legacy", 7)
        .answered(1, "7", accept({}), 3)
        .finished({ error: roundCapError(11, 10) })
        .build(),
    );
    const round = screen.getByRole("listitem", { name: "Round 1" });
    expect(within(round).getByText("live request #7")).toBeTruthy();
    expect(within(round).queryByText(/requestState/)).toBeNull();
    expect(screen.getByText(/Round cap reached: the server kept asking past the cap of 10 rounds/)).toBeTruthy();
  });

  it("renders a hostile question as text", () => {
    show(new CallBuilder().round(1, { x: elicitRequest('<img src=x onerror="alert(1)">') }).build());
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText("waiting for an answer…")).toBeTruthy();
    expect(screen.getByText("Running…")).toBeTruthy();
  });
});
