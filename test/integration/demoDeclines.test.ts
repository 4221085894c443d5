// Every demo tool that asks more than once ends a declined or cancelled step in words that say so,
// in both eras, inline and as a task: never "Ada likes undefined".
import { afterEach, describe, expect, it } from "vitest";
import { text, type ElicitParams, type ElicitResult } from "../../src/core";
import { closePairs, demoHandlers, offerFor, openPair } from "../support/harness";

afterEach(closePairs);

const ANSWERS: Record<string, Record<string, unknown>> = {
  "Name?": { name: "Ada" },
  "Where should this deployment go?": { environment: "staging" },
  "Which version is this release?": { version: "1.2.0" },
};

/** Accepts every question with a fitting answer, except the `nth` (1-based), which gets `refusal`. */
function refusing(nth: number, refusal: "decline" | "cancel") {
  let asked = 0;
  return {
    ...demoHandlers(),
    "elicitation/create": (params: ElicitParams): ElicitResult => {
      asked += 1;
      if (asked === nth) return { action: refusal };
      const key = Object.keys((params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {})[0] ?? "";
      return { action: "accept", content: (ANSWERS[params.message] ?? { [key]: key === "name" ? "Ada" : true }) as Record<string, string> };
    },
  };
}

const SAID = { decline: "the user declined", cancel: "the user cancelled" } as const;

for (const revision of ["2026-07-28", "2025-11-25"]) {
  for (const refusal of ["decline", "cancel"] as const) {
    describe(`a ${refusal} on ${revision}`, () => {
      it("two-steps says which question was refused, never 'undefined'", async () => {
        const first = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(1, refusal) });
        const r1 = await first.client.callTool("two-steps");
        expect(r1.isError).toBe(true);
        expect(text(r1)).toBe(`Stopped at the first question (name): ${SAID[refusal]}.`);
        const second = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(2, refusal) });
        const r2 = await second.client.callTool("two-steps");
        expect(r2.isError).toBe(true);
        expect(text(r2)).toBe(`Stopped at the second question (color): ${SAID[refusal]}. Ada gave no colour.`);
      });

      it("setup-wizard names the step and the refusal", async () => {
        const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(3, refusal) });
        expect(text(await p.client.callTool("setup-wizard"))).toBe(`Setup stopped at step 3 (role): ${SAID[refusal]}.`);
      });

      it("deploy (inline) ends a refused 'where' in words instead of asking again", async () => {
        const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(1, refusal) });
        const r = await p.client.callTool("deploy", { stepMs: 0 });
        expect(text(r)).toBe(`Deployment of web stopped before it began: ${SAID[refusal]} (where to deploy).`);
        expect(p.ofType("roundStarted")).toHaveLength(1);
        const golive = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(2, refusal) });
        expect(text(await golive.client.callTool("deploy", { stepMs: 0 }))).toBe(`Deployment of web to staging stopped: ${SAID[refusal]} (Go live?).`);
      });

      it("release (a task) names the question refused", async () => {
        const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(2, refusal), tasks: { minPollIntervalMs: 20 } });
        await p.client.listTools();
        const r = await p.client.callTool("release", { stepMs: 0 });
        expect(r.isError).toBe(true);
        expect(text(r)).toBe(`Release 1.2.0 stopped at the second question (notes): ${SAID[refusal]}.`);
        const first = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(1, refusal), tasks: { minPollIntervalMs: 20 } });
        await first.client.listTools();
        expect(text(await first.client.callTool("release", { stepMs: 0 }))).toBe(`Release stopped at the first question (version): ${SAID[refusal]}.`);
      });

      it("onboard says the refusal", async () => {
        const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: refusing(1, refusal) });
        expect(text(await p.client.callTool("onboard"))).toBe(`Onboarding stopped: no profile given (${SAID[refusal]}).`);
      });
    });
  }
}
