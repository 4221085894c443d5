import type { McpError } from "../../../../core";
import { useBridge, useConnection, useController } from "../../../session/context";
import type { Target } from "../../../stores/connectionStore";

/**
 * Whether a direct HTTP connection failed before any answer: the browser says only "Failed to fetch",
 * the same for a server that is down and for one that answers without CORS headers for this page.
 */
export function failedBeforeAnAnswer(target: Target, error: McpError | undefined): boolean {
  return target.kind === "url" && error !== undefined && error.kind === "transport" && error.status === undefined && error.reason === undefined;
}

/**
 * Under such a failure, when the local bridge is ready: the same URL through the bridge, one click,
 * since a server without CORS headers (most examples and local servers) answers the bridge. The
 * bridge's own error then says whether the server is down.
 */
export function BridgeOffer() {
  const controller = useController();
  const target = useConnection((s) => s.settings.target);
  const failed = useConnection((s) => (s.status === "failed" || s.status === "closed") && failedBeforeAnAnswer(s.settings.target, s.error));
  const bridgeReady = useBridge((s) => s.status === "ok");
  if (!failed || !bridgeReady || target.kind !== "url") return null;
  return (
    <p className="bridge-offer" data-testid="bridge-offer">
      The browser does not say why: the server may be down, or it may not allow this page (no CORS headers). The local bridge is
      ready and needs no CORS.{" "}
      <button type="button" onClick={() => void controller.connect({ target: { ...target, kind: "bridge-http" } })}>
        Connect through the bridge
      </button>
    </p>
  );
}
