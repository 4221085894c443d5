import type { AuthStage, AuthStep } from "../../../core";
import type { AuthRoute, AuthState } from "./authStore";

const STAGES: Record<AuthStage, string> = {
  challenge: "Challenge",
  "protected-resource-metadata": "Protected resource metadata",
  "authorization-server-metadata": "Authorization server metadata",
  registration: "Client registration",
  authorization: "Authorization (sign-in window)",
  token: "Token request",
  refresh: "Refresh",
  "step-up": "Step-up (more scope)",
};

/** A stage in words, e.g. "Client registration". */
export function stageLabel(stage: AuthStage): string {
  return STAGES[stage] ?? stage;
}

/** How this step's HTTP request went (direct or through the bridge), when it made one. */
export function routeOf(step: AuthStep, routes: Readonly<Record<string, AuthRoute>>): AuthRoute | undefined {
  if (!step.request) return undefined;
  try {
    return routes[new URL(step.request.url).origin];
  } catch {
    return undefined;
  }
}

/** The failed step the flow stopped at (the last `failed` one). */
export function failedStep(steps: readonly AuthStep[]): AuthStep | undefined {
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i]?.outcome === "failed") return steps[i];
  return undefined;
}

/** One line for the sign-in's state, as the panel shows it. */
export function describeAuth(state: Pick<AuthState, "phase" | "status" | "failure" | "pending" | "steps">, now: number = Date.now()): string {
  switch (state.phase) {
    case "off":
      return "Sign-in is off: a server that answers 401 is reported at once.";
    case "ready":
      return "Sign-in is on: a 401 from the server starts it.";
    case "signing-in":
      return "Signing in…";
    case "waiting":
      return state.pending?.blocked
        ? "The browser blocked the sign-in window: open it with the button."
        : "Waiting for you to sign in in the sign-in window.";
    case "signed-in": {
      const s = state.status;
      if (!s?.signedIn) return "Signed out: the next request signs in again.";
      const parts = ["Signed in"];
      if (s.issuer) parts.push(`at ${s.issuer}`);
      if (s.clientId) parts.push(`as client ${s.clientId}`);
      let line = parts.join(" ");
      if (s.scope) line += `; scope "${s.scope}"`;
      if (s.expiresAt !== undefined) {
        const minutes = Math.round((s.expiresAt - now) / 60_000);
        line += minutes > 0 ? `; the token expires in ${minutes} min` : "; the token has expired";
      }
      if (s.hasRefreshToken) line += " (refreshable)";
      return `${line}. The token is kept in this tab's memory only.`;
    }
    case "failed": {
      const step = failedStep(state.steps);
      const stage = state.failure?.stage ?? step?.stage;
      const where = step ? `step ${step.seq} (${stageLabel(step.stage)})` : stage ? stageLabel(stage) : "a step";
      return `Sign-in failed at ${where}: ${state.failure?.reason ?? step?.error ?? "see the steps"}`;
    }
  }
}
