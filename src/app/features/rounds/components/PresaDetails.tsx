import { useState, type ReactNode } from "react";
import type { DecodedState, ScopeCheck } from "../../../../core";
import { expiryText, isoOf, macResult, scopeOf, type TokenScope } from "../utils/tokenChecks";
import { JsonPreview } from "../../../components/ui/JsonPreview";
import { useNow } from "./useNow";

type Presa = Extract<DecodedState, { kind: "presa" }>;

function Check({ ok, children }: { ok: boolean | undefined; children: ReactNode }) {
  const mark = ok === undefined ? "?" : ok ? "✓" : "✗";
  return (
    <li className={`check ${ok === undefined ? "unknown" : ok ? "ok" : "bad"}`}>
      <span className="check-mark" aria-hidden="true">
        {mark}
      </span>{" "}
      {children}
    </li>
  );
}

function ScopeList({ check }: { check: ScopeCheck }) {
  const { method, params, expiry } = check;
  return (
    <ul className="checks" aria-label="Scope checks">
      <Check ok={method.kind === "match"}>
        {method.kind === "match" ? `method matches (${method.method})` : `method: token says ${method.actual}, the call is ${method.expected}`}
      </Check>
      <Check ok={params.kind === "unknown" ? undefined : params.kind === "match"}>
        {params.kind === "match"
          ? "params digest matches the call"
          : params.kind === "mismatch"
            ? `params digest differs: the call's is ${params.expected}`
            : `params digest not checked: ${params.reason}`}
      </Check>
      <Check ok={expiry.kind === "valid"}>{expiryText(expiry)}</Check>
    </ul>
  );
}

/** A presa v2 token: its payload, its scope against the call, and a MAC check with a pasted key. */
export function PresaDetails({ token, decoded, scope }: { token: string; decoded: Presa; scope: TokenScope | undefined }) {
  const now = useNow(true);
  const [key, setKey] = useState("");
  const p = decoded.payload;
  const check = scopeOf(decoded, scope, now);
  const mac = macResult(token, key);
  return (
    <div className="presa">
      <dl className="payload">
        <dt>v</dt>
        <dd>{String(p.v)}</dd>
        <dt>m</dt>
        <dd>
          <code>{p.m}</code>
        </dd>
        <dt>d</dt>
        <dd>
          <code>{p.d}</code>
        </dd>
        <dt>c</dt>
        <dd>
          <code>{p.c}</code> <span className="muted">(caller not checked)</span>
        </dd>
        <dt>iat</dt>
        <dd>{isoOf(p.iat)}</dd>
        <dt>exp</dt>
        <dd>{isoOf(p.exp)}</dd>
        <dt>s</dt>
        <dd>
          <JsonPreview value={p.s} label="Handler state" />
        </dd>
      </dl>
      {check === undefined ? null : "error" in check ? (
        <p className="field-error">Scope not checked: {check.error}</p>
      ) : (
        <ScopeList check={check} />
      )}
      <label className="field inline mac">
        <span>Verify MAC</span>
        <input type="password" value={key} autoComplete="off" placeholder="the server's stateSecret" onChange={(e) => setKey(e.target.value)} />
      </label>
      {mac !== "empty" && (
        <p className={`mac-result ${mac === "valid" ? "ok" : "bad"}`} role="status">
          {mac === "valid" ? "✓ MAC valid: this key signed the token" : mac === "invalid" ? "✗ MAC invalid for this key" : "not a presa token"}
        </p>
      )}
    </div>
  );
}
