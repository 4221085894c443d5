import { BRIDGE_HEADERS, BRIDGE_PATHS } from "./bridgeProtocol";
import { authorized, base, bridgeError, unreachable, type BridgeEndpoint } from "./bridge";

/**
 * A fetch for StreamableHttpTransport that goes through the bridge's `/forward`: the target URL
 * rides in a header, the target's own Authorization is renamed (the bridge's token takes that
 * header), and the target's answer comes back unchanged, so the wire log shows its frames as sent.
 * The bridge's own refusals (a blocked address, an unreachable server) throw as `transport` errors.
 */
export function bridgeFetch(endpoint: BridgeEndpoint, fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): typeof fetch {
  return async (input, init = {}) => {
    const target = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    const auth = headers.get("authorization");
    if (auth !== null) {
      headers.delete("authorization");
      headers.set(BRIDGE_HEADERS.forwardAuthorization, auth);
    }
    headers.set(BRIDGE_HEADERS.target, target);
    let response: Response;
    try {
      response = await fetchFn(`${base(endpoint)}${BRIDGE_PATHS.forward}`, { ...init, headers: authorized(endpoint, headers) });
    } catch (error) {
      // An abort stays what it is, so the transport can tell a cancel from a failure.
      if (init.signal?.aborted) throw error;
      throw unreachable(endpoint, error);
    }
    if (response.headers.get(BRIDGE_HEADERS.marker) !== "forwarded") {
      throw await bridgeError(response, `${init.method ?? "GET"} ${target} via the bridge`);
    }
    return response;
  };
}
