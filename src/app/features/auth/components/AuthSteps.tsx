import type { AuthStep } from "../../../../core";
import { useAuth } from "../../../session/context";
import type { AuthRoute } from "../authStore";
import { routeOf, stageLabel } from "../describe";

const OUTCOME_CLASS: Record<AuthStep["outcome"], string> = { ok: "ok", failed: "bad", skipped: "warn", info: "" };

/** Headers and body of one side of an exchange, as text (server text is never HTML). */
function HttpText({ headers, body }: { headers: Record<string, string> | undefined; body: string | undefined }) {
  const lines = Object.entries(headers ?? {}).map(([name, value]) => `${name}: ${value}`);
  const text = [...lines, ...(body !== undefined ? ["", body] : [])].join("\n");
  return text ? <pre className="auth-http">{text}</pre> : null;
}

function StepRow({ step, route }: { step: AuthStep; route: AuthRoute | undefined }) {
  return (
    <li className="auth-step" data-outcome={step.outcome} data-stage={step.stage} data-testid="auth-step">
      <div className="auth-step-head">
        <span className="auth-seq">{step.seq}</span>
        <span className={`badge ${OUTCOME_CLASS[step.outcome]}`}>{step.outcome}</span>
        <span className="auth-stage">{stageLabel(step.stage)}</span>
        <span className="auth-title">{step.title}</span>
      </div>
      {step.decision && (
        <p className="auth-decision">
          <span className="muted">Decision: </span>
          {step.decision}
        </p>
      )}
      {step.error && (
        <p className="auth-error" role={step.outcome === "failed" ? "alert" : undefined}>
          <span className="muted">{step.outcome === "failed" ? "Failed: " : "Why: "}</span>
          {step.error}
        </p>
      )}
      {(step.request || step.response) && (
        <details className="auth-exchange">
          <summary>
            {step.request ? `${step.request.method} ${step.request.url}` : "Response"}
            {step.response ? ` → HTTP ${step.response.status}` : ""}
            {route ? ` (${route.via === "bridge" ? "via the bridge" : "direct"})` : ""}
          </summary>
          {route && <p className="muted">Route: {route.why}</p>}
          {step.request && (
            <>
              <h4>Request</h4>
              <pre className="auth-http">{`${step.request.method} ${step.request.url}`}</pre>
              <HttpText headers={step.request.headers} body={step.request.body} />
            </>
          )}
          {step.response && (
            <>
              <h4>Response: HTTP {step.response.status}</h4>
              <HttpText headers={step.response.headers} body={step.response.body} />
            </>
          )}
        </details>
      )}
    </li>
  );
}

/**
 * The guided view of the sign-in: every step (discovery, registration, the sign-in window, the token
 * request…) with its request, the response, what was decided and why; a failed step says why. The
 * core redacts tokens, codes, verifiers and secrets before a step gets here.
 */
export function AuthSteps({ open }: { open: boolean }) {
  const steps = useAuth((s) => s.steps);
  const routes = useAuth((s) => s.routes);
  if (steps.length === 0) return null;
  return (
    <details className="auth-steps" open={open}>
      <summary>Sign-in steps ({steps.length})</summary>
      <ol className="auth-step-list" aria-label="Sign-in steps">
        {steps.map((step) => (
          <StepRow key={step.seq} step={step} route={routeOf(step, routes)} />
        ))}
      </ol>
    </details>
  );
}
