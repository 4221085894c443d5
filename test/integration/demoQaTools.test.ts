// The demo server's QA tools in both eras: the five-round wizard, countdown's progress
// and logs, and the "changed" variant of two-steps.
import { afterEach, describe, expect, it } from "vitest";
import { text, META, type ElicitParams } from "../../src/core";
import { applyVariant } from "../../src/server/demo/variants";
import { demoTools } from "../../src/server/demo";
import { closePairs, demoHandlers, openPair, offerFor } from "../support/harness";

afterEach(closePairs);

const WIZARD: Record<string, Record<string, unknown>> = { name: { name: "Ada" }, team: { team: "research" }, role: { role: "QA" }, updates: { updates: false }, confirm: { confirm: true } };

for (const revision of ["2026-07-28", "2025-11-25"]) {
  describe(`demo QA tools (${revision})`, () => {
    it("setup-wizard asks five rounds, one question each", async () => {
      const handlers = {
        ...demoHandlers(),
        "elicitation/create": (params: ElicitParams) => {
          const key = Object.keys((params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {})[0] as string;
          return { action: "accept" as const, content: WIZARD[key] as Record<string, string> };
        },
      };
      const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers });
      expect(text(await p.client.callTool("setup-wizard"))).toBe("Account for Ada (QA, research) created; weekly updates off.");
      expect(p.ofType("roundStarted")).toHaveLength(5);
    });

    it("countdown reports progress and logs on its call", async () => {
      const p = await openPair({ transport: "in-process", versions: offerFor(revision) });
      const meta = { progressToken: "t1", [META.logLevel]: "info" };
      expect(text(await p.client.callTool("countdown", { steps: 2, delayMs: 0 }, { meta }))).toBe("Counted 2 steps.");
      const notes = p.ofType("notification").filter((n) => n.callId !== undefined);
      expect(notes.filter((n) => n.method === "notifications/progress").map((n) => n.params?.progress)).toEqual([1, 2]);
      expect(notes.filter((n) => n.method === "notifications/message").map((n) => n.params?.data)).toEqual(
        revision === "2026-07-28" ? ["countdown of 2 started", "step 1 of 2 done", "step 2 of 2 done"] : ["countdown of 2 started", "waiting 0 ms", "step 1 of 2 done", "waiting 0 ms", "step 2 of 2 done"],
      );
    });

    it("the changed variant asks round 2 differently and answers differently", async () => {
      const p = await openPair({ transport: "in-process", versions: offerFor(revision), serverOptions: { variant: "changed" } as never, handlers: { ...demoHandlers(), "elicitation/create": (params: ElicitParams) => ({ action: "accept" as const, content: (params.message === "Name?" ? { name: "Ada" } : { color: "blue" }) as Record<string, string> }) } });
      expect(text(await p.client.callTool("two-steps"))).toBe("Ada likes BLUE");
      expect(p.ofType("inputRequested").map((e) => (e.request.params as { message: string }).message)).toEqual(["Name?", "Favourite color?"]);
    });
  });
}

describe("applyVariant", () => {
  it("swaps only the changed tools, keeping the order", () => {
    const names = (tools: typeof demoTools) => tools.map((t) => t.name);
    expect(names(applyVariant(demoTools, "changed"))).toEqual(names(demoTools));
    expect(applyVariant(demoTools, "changed").find((t) => t.name === "two-steps")).not.toBe(demoTools.find((t) => t.name === "two-steps"));
    expect(applyVariant(demoTools, undefined)).toEqual(demoTools);
  });
});
