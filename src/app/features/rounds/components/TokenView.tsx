import { useMemo } from "react";
import type { DecodedState } from "../../../../core";
import { oneLine } from "../../../lib/describeRounds";
import { decodeToken, expiryAt, isoOf, type TokenScope } from "../utils/tokenChecks";
import { JsonPreview } from "../../../components/ui/JsonPreview";
import { PresaDetails } from "./PresaDetails";
import { TokenRaw } from "./TokenRaw";
import { useNow } from "./useNow";

type Jwt = Extract<DecodedState, { kind: "jwt" }>;

const KIND_LABEL: Record<DecodedState["kind"], string> = { presa: "presa v2", jwt: "JWT", json: "JSON", opaque: "opaque" };

function JwtDetails({ decoded }: { decoded: Jwt }) {
  const now = useNow(decoded.expiresAt !== undefined);
  const expiry = expiryAt(decoded.expiresAt, now);
  return (
    <dl className="payload">
      <dt>alg</dt>
      <dd>
        <code>{decoded.alg}</code> <span className="muted">signature not verified</span>
      </dd>
      <dt>header</dt>
      <dd>
        <JsonPreview value={decoded.header} label="JWT header" />
      </dd>
      <dt>payload</dt>
      <dd>
        <JsonPreview value={decoded.payload} label="JWT payload" />
      </dd>
      <dt>exp</dt>
      <dd className={expiry?.expired ? "bad" : undefined}>
        {expiry && decoded.expiresAt !== undefined ? `${isoOf(decoded.expiresAt)} (${expiry.text})` : "none"}
      </dd>
    </dl>
  );
}

export interface TokenViewProps {
  token: string;
  /** The core's decoding, when it has one; otherwise the view decodes. */
  decoded?: DecodedState | undefined;
  /** The call the token rides on, for the presa scope check. */
  scope?: TokenScope | undefined;
}

/** A requestState token: raw as sent, and decoded as far as its kind allows. Never throws on any token. */
export function TokenView({ token, decoded, scope }: TokenViewProps) {
  const d = useMemo(() => decoded ?? decodeToken(token), [token, decoded]);
  return (
    <div className="token-view" role="group" aria-label="Request state" data-kind={d.kind}>
      <TokenRaw token={token} />
      <p className="token-kind">
        <span className="badge">{KIND_LABEL[d.kind] ?? "unknown"}</span>
        {d.kind === "json" && <span className="muted"> encoding: {d.encoding}</span>}
        {d.kind === "opaque" && (
          <span className="muted">
            {" "}
            opaque token, {d.length.toLocaleString("en")} characters: {oneLine(d.reason, 200)}
          </span>
        )}
      </p>
      {d.kind === "presa" && <PresaDetails token={token} decoded={d} scope={scope} />}
      {d.kind === "jwt" && <JwtDetails decoded={d} />}
      {d.kind === "json" && <JsonPreview value={d.value} label="Decoded JSON" />}
    </div>
  );
}
