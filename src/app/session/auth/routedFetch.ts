import type { AuthRoute } from "../../features/auth/authStore";

export interface RoutedFetchOptions {
  /** The page's own fetch. */
  direct: typeof fetch;
  /** The local bridge's forwarding fetch (bridgeFetch), when a bridge is known. */
  bridge: typeof fetch | undefined;
  /** Send everything through the bridge (the connection itself goes through it). */
  viaBridge: boolean;
  /** Told once per origin how its requests go and why. */
  onRoute?: (origin: string, route: AuthRoute) => void;
}

/** Content types a page may POST without a CORS preflight (Fetch "CORS-safelisted request-header"). */
const SIMPLE_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]);
const SIMPLE_HEADERS = new Set(["accept", "accept-language", "content-language", "content-type"]);

/**
 * Whether a request the browser refused to let the page read may still have reached the server: a
 * "simple" request (GET/HEAD, or a POST with safelisted headers and a form or text body) is sent
 * without a preflight, and only its answer is withheld. Anything else was stopped at the preflight.
 */
export function mayHaveBeenSent(init: RequestInit | undefined): boolean {
  const method = (init?.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return true;
  if (method !== "POST") return false;
  const headers = new Headers(init?.headers);
  let simple = true;
  headers.forEach((value, name) => {
    if (!SIMPLE_HEADERS.has(name)) simple = false;
    if (name === "content-type" && !SIMPLE_TYPES.has(value.split(";")[0]?.trim().toLowerCase() ?? "")) simple = false;
  });
  return simple;
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * The fetch of the sign-in's own requests (metadata, registration, tokens), per origin: directly when
 * the server allows this page (CORS), else through the bridge (with the bridge's target rules). The
 * first request to an origin decides: a direct attempt the browser blocks is sent again through the
 * bridge when it cannot have been processed (idempotent, or refused at the preflight); a token POST
 * that may have reached the server is not sent twice (its code would be spent) and fails in words.
 */
export function routedFetch(options: RoutedFetchOptions): typeof fetch {
  const routes = new Map<string, AuthRoute["via"]>();
  const decide = (origin: string, route: AuthRoute): void => {
    routes.set(origin, route.via);
    options.onRoute?.(origin, route);
  };
  return async (input, init) => {
    const url = urlOf(input);
    const origin = originOf(url);
    const bridge = options.bridge;
    if (options.viaBridge) {
      if (!bridge) throw new Error("no bridge: the connection goes through the bridge, but none is set (paste its URL and token under Bridge)");
      if (!routes.has(origin)) decide(origin, { via: "bridge", why: "the connection goes through the bridge, so its sign-in does too" });
      return bridge(input, init);
    }
    const known = routes.get(origin);
    if (known === "bridge" && bridge) return bridge(input, init);
    try {
      const response = await options.direct(input, init);
      if (known === undefined) decide(origin, { via: "direct", why: "the server allows this page (CORS)" });
      return response;
    } catch (error) {
      if (init?.signal?.aborted || known === "direct") throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (!bridge) {
        throw new Error(
          `${init?.method ?? "GET"} ${url} failed in the browser (${reason}): the server may not allow this page's origin (CORS). Start the bridge (npm start, or npm run bridge and paste it under Bridge) and the sign-in goes through it`,
          { cause: error },
        );
      }
      if (mayHaveBeenSent(init) && (init?.method ?? "GET").toUpperCase() !== "GET" && (init?.method ?? "GET").toUpperCase() !== "HEAD") {
        throw new Error(
          `${init?.method ?? "POST"} ${url} failed in the browser (${reason}) and may have reached the server, so it is not sent again through the bridge; connect with "HTTP via bridge" to sign in through the bridge from the start`,
          { cause: error },
        );
      }
      decide(origin, { via: "bridge", why: `the browser could not reach it directly (${reason}; no CORS for this page?): through the bridge` });
      return bridge(input, init);
    }
  };
}
