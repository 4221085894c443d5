import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OAuthClient, isCallback, redirectFollower, type AuthorizeStep } from "../core";
import { CliError } from "./errors";

/** A saved server's sign-in settings, as the command line uses them (the app's "Sign in" panel). */
export interface CliSignIn {
  clientId?: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: "none" | "client_secret_basic" | "client_secret_post";
  scope?: string;
}

/** How long the command line waits for the person to finish signing in. */
const SIGN_IN_WAIT_MS = 5 * 60_000;

export interface CliOAuth {
  client: OAuthClient;
  /** Stops the loopback listener (the sign-in is over, or the command ends). */
  close(): Promise<void>;
}

/**
 * Sign-in for the command line: the same OAuthClient as the app (discovery, registration, PKCE,
 * step-up), with a loopback redirect (RFC 8252: a native client listens on 127.0.0.1 on any port).
 * An authorization server that redirects straight back is followed without a person; one with a
 * login page gets its URL printed, and the command waits for the browser to come back to the listener.
 */
export async function cliOAuth(settings: CliSignIn, say: (line: string) => void, fetch?: typeof globalThis.fetch): Promise<CliOAuth> {
  const callback = await loopbackCallback();
  const follow = redirectFollower(fetch ? { fetch } : {});
  const authorize: AuthorizeStep = async (request) => {
    try {
      return await follow(request);
    } catch {
      say(`sign in: open this URL in a browser and sign in; the command goes on when the browser comes back:\n  ${request.url}`);
      return callback.next(SIGN_IN_WAIT_MS);
    }
  };
  const client = new OAuthClient({
    redirectUrl: callback.url,
    authorize,
    clientName: "presa-inspector (command line)",
    ...(fetch ? { fetch } : {}),
    ...(settings.clientId ? { preRegistered: { clientId: settings.clientId, ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}), ...(settings.tokenEndpointAuthMethod ? { tokenEndpointAuthMethod: settings.tokenEndpointAuthMethod } : {}) } } : {}),
    ...(settings.scope ? { scope: settings.scope } : {}),
    onStep: (step) => {
      if (step.outcome === "failed") say(`sign in: ${step.title} failed${step.error ? `: ${step.error}` : ""}`);
    },
  });
  return { client, close: () => callback.close() };
}

interface LoopbackCallback {
  url: string;
  /** The next request to the callback path, as a full URL (its query carries the code or the error). */
  next(timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

async function loopbackCallback(): Promise<LoopbackCallback> {
  let waiting: ((url: string) => void) | undefined;
  const server: Server = createServer((req, res) => {
    const url = `${redirectBase}${req.url ?? "/"}`;
    if (!isCallback(url, redirectUrl) || waiting === undefined) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not the sign-in callback.\n");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end("presa-inspector: signed in. You can close this tab and go back to the terminal.\n");
    const done = waiting;
    waiting = undefined;
    done(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const redirectBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirectUrl = `${redirectBase}/callback`;
  // Kept referenced while someone signs in: a command waiting on the browser must not exit; close() ends it.
  return {
    url: redirectUrl,
    next: (timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = undefined;
          reject(new CliError(`sign in: nobody came back to ${redirectUrl} within ${Math.round(timeoutMs / 60_000)} minutes`));
        }, timeoutMs);
        waiting = (url) => {
          clearTimeout(timer);
          resolve(url);
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
