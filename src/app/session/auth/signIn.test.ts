// The app's sign-in through the controller, against the protected demo: the demo MCP server as an
// OAuth protected resource beside a real authorization server (oidc-provider), over real HTTP. The
// "popup" is the demo's sign-in agent (it fills the login and consent pages), which hands the
// callback URL to the sign-in window's listeners as the callback page does in the browser.
import { afterEach, describe, expect, it } from "vitest";
import { text } from "../../../core";
import { demoServer } from "../../../server/demo";
import { signInAgent, startProtectedDemo, type ProtectedDemo } from "../../../server/auth";
import { createController, type Controller } from "../controller";
import { createAuthStore } from "../../features/auth/authStore";
import { createSignIn } from "./signIn";
import { signInWindow } from "./signInWindow";

const REDIRECT = "http://127.0.0.1:1/oauth-callback.html";

let demo: ProtectedDemo | undefined;
let controller: Controller | undefined;
afterEach(async () => {
  await controller?.disconnect("test over");
  controller = undefined;
  await demo?.close();
  demo = undefined;
});

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function setup(consent: "allow" | "deny" = "allow") {
  demo = await startProtectedDemo(demoServer());
  const store = createAuthStore();
  const listeners = new Set<(url: string) => void>();
  const agent = signInAgent({ consent });
  const opened: string[] = [];
  const win = signInWindow({
    open: (url) => {
      opened.push(url);
      void agent({ url, redirectUrl: REDIRECT }).then((callback) => listeners.forEach((l) => l(callback)));
      return {};
    },
    listen: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    onPending: (pending) => store.setState({ pending }),
  });
  // Every Authorization header the app sends, to prove where the token never goes.
  const sent: string[] = [];
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get("authorization");
    if (auth?.startsWith("Bearer ")) sent.push(auth.slice(7));
    return globalThis.fetch(input, init);
  }) as typeof fetch;
  const signIn = createSignIn({ store, redirectUrl: REDIRECT, window: win });
  controller = createController({ embeddedServer: demoServer(), signIn, fetch: fetchFn });
  return { controller, store, signIn, sent, opened, url: demo.url };
}

describe("the app's sign-in against the protected demo", () => {
  it("a 401 with sign-in off fails at once, in words", async () => {
    const { controller, store, url } = await setup();
    // At once: the connect ends on the first 401 (a wait would run into the test's timeout; no wall-clock bound).
    await controller.connect({ target: { kind: "url", url, headers: [] } });
    const state = controller.session.connection.getState();
    expect(state.status).toBe("failed");
    expect(state.error?.status).toBe(401);
    expect(state.error?.message).toMatch(/sign-in is off/);
    expect(store.getState().phase).toBe("off");
  });

  it("signs in (login + consent, code + PKCE) and runs greet; the token is in no store", async () => {
    const { controller, store, signIn, sent, opened, url } = await setup();
    signIn.setSettings({ enabled: true });
    await controller.connect({ target: { kind: "url", url, headers: [] } });
    expect(controller.session.connection.getState()).toMatchObject({ status: "connected", error: undefined });
    expect(opened).toHaveLength(1);
    expect(new URL(opened[0] ?? "").searchParams.get("resource")).toBe(url);
    const auth = store.getState();
    expect(auth.phase).toBe("signed-in");
    expect(auth.status).toMatchObject({ signedIn: true, hasRefreshToken: true, issuer: demo?.authorizationServer.issuer });
    expect(auth.steps.map((s) => `${s.stage}:${s.outcome}`)).toEqual(
      expect.arrayContaining(["challenge:info", "protected-resource-metadata:ok", "authorization-server-metadata:ok", "registration:ok", "token:ok"]),
    );
    expect(Object.values(auth.routes).map((r) => r.via)).toEqual(["direct", "direct"]);

    const handle = controller.callTool("greet", {});
    const input = await until(() => controller?.session.inputs.getState().pending[0]);
    controller.session.inputs.answer(input.id, { action: "accept", content: { name: "Ada" } });
    const outcome = await handle?.outcome;
    expect(outcome?.ok && text(outcome.result)).toBe("Hello, Ada!");

    const token = sent.at(-1) ?? "";
    expect(token.length).toBeGreaterThan(20);
    const everything = JSON.stringify([
      store.getState(),
      controller.session.wire.getState(),
      controller.session.calls.getState(),
      controller.session.connection.getState(),
      controller.saved.getState(),
    ]);
    expect(everything).not.toContain(token);

    // A reconnect keeps the sign-in (no second window); sign out forgets the token.
    await controller.connect();
    expect(controller.session.connection.getState().status).toBe("connected");
    expect(opened).toHaveLength(1);
    signIn.signOut();
    expect(store.getState().status?.signedIn).toBe(false);
  });

  it("a refused consent is explained: the failed step, its stage and the server's reason", async () => {
    const { controller, store, signIn, url } = await setup("deny");
    signIn.setSettings({ enabled: true });
    await controller.connect({ target: { kind: "url", url, headers: [] } });
    const state = controller.session.connection.getState();
    expect(state.status).toBe("failed");
    expect(state.error?.message).toMatch(/access_denied/);
    const auth = store.getState();
    expect(auth.phase).toBe("failed");
    expect(auth.failure?.stage).toBe("authorization");
    expect(auth.failure?.reason).toMatch(/access_denied: the user denied access on the consent page/);
    expect(auth.steps.at(-1)).toMatchObject({ stage: "authorization", outcome: "failed" });
    expect(auth.pending).toBeUndefined();
  });

  it("uses a pre-registered client id and secret (no dynamic registration) for servers without it", async () => {
    const { controller, store, signIn, url } = await setup();
    // Registered by hand beforehand, as an administrator would at an authorization server.
    const registered = await fetch(`${demo?.authorizationServer.issuer ?? ""}/reg`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: [REDIRECT], application_type: "web", token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code", "refresh_token"] }),
    });
    const client = (await registered.json()) as { client_id: string; client_secret: string };
    signIn.setSettings({ enabled: true, clientId: client.client_id, clientSecret: client.client_secret, tokenEndpointAuthMethod: "client_secret_post" });
    await controller.connect({ target: { kind: "url", url, headers: [] } });
    expect(controller.session.connection.getState().status).toBe("connected");
    const steps = store.getState().steps;
    expect(steps.find((s) => s.stage === "registration")).toMatchObject({ title: "Client: pre-registered", outcome: "ok" });
    expect(steps.find((s) => s.stage === "registration")?.decision).toContain("client_secret_post");
    expect(JSON.stringify(steps)).not.toContain(client.client_secret);
    expect(store.getState().status?.clientId).toBe(client.client_id);
  });

  it("transport auto signs in the same way (the server speaks Streamable HTTP, so auto stays on it)", async () => {
    const { controller, signIn, url } = await setup();
    signIn.setSettings({ enabled: true });
    await controller.connect({ target: { kind: "url", url, headers: [], transport: "auto" } });
    expect(controller.session.connection.getState().status).toBe("connected");
  });
});
