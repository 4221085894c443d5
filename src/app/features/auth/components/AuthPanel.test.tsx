// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { McpError } from "../../../../core";
import { demoServer } from "../../../../server/demo";
import { renderWithController } from "../../../../../test/support/app/renderWithController";
import { createController } from "../../../session/controller";
import { createSignIn } from "../../../session/auth/signIn";
import { AuthPanel } from "./AuthPanel";

function setup() {
  const signIn = createSignIn({ redirectUrl: "http://127.0.0.1:1/oauth-callback.html" });
  const controller = createController({ embeddedServer: demoServer(), signIn });
  const connect = vi.spyOn(controller, "connect").mockResolvedValue(undefined);
  return { controller, signIn, connect };
}

afterEach(cleanup);

describe("AuthPanel", () => {
  it("shows nothing for the embedded server", () => {
    const { controller } = setup();
    const { container } = renderWithController(<AuthPanel />, controller);
    expect(container.textContent).toBe("");
  });

  it("turns a 401 with sign-in off into a prompt whose Sign in turns sign-in on and connects", () => {
    const { controller, signIn, connect } = setup();
    act(() =>
      controller.session.connection.setState((s) => ({
        settings: { ...s.settings, target: { kind: "url", url: "http://127.0.0.1:1/mcp", headers: [] } },
        status: "failed",
        error: new McpError({ kind: "transport", status: 401, message: "POST initialize: HTTP 401: the server requires authorization and sign-in is off" }),
      })),
    );
    renderWithController(<AuthPanel />, controller);
    expect(screen.getByRole("alert").textContent).toContain("This server requires sign-in (HTTP 401).");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(signIn.store.getState().settings.enabled).toBe(true);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it("keeps a pre-registered client in the sign-in settings only, and a blocked window has its button", () => {
    const { controller, signIn } = setup();
    act(() => controller.session.connection.setState((s) => ({ settings: { ...s.settings, target: { kind: "bridge-http", url: "http://127.0.0.1:1/mcp", headers: [] } } })));
    renderWithController(<AuthPanel />, controller);
    fireEvent.click(screen.getByRole("button", { name: "Client (dynamic registration)" }));
    fireEvent.change(screen.getByLabelText("Client ID"), { target: { value: " my-client " } });
    fireEvent.change(screen.getByLabelText("Client secret"), { target: { value: "s3cret-value" } });
    fireEvent.change(screen.getByLabelText("Token endpoint auth"), { target: { value: "client_secret_post" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(signIn.store.getState().settings).toMatchObject({ clientId: "my-client", clientSecret: "s3cret-value", tokenEndpointAuthMethod: "client_secret_post" });
    expect(JSON.stringify([controller.session.connection.getState(), controller.saved.getState()])).not.toContain("s3cret-value");

    act(() => signIn.store.setState({ settings: { ...signIn.store.getState().settings, enabled: true }, phase: "waiting", pending: { url: "http://as/auth?state=x", blocked: true } }));
    expect(screen.getByTestId("auth-state").textContent).toContain("The browser blocked the sign-in window");
    screen.getByRole("button", { name: "Open sign-in window" });
    screen.getByRole("button", { name: "Cancel sign-in" });
  });
});
