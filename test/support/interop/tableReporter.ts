/**
 * Prints the interop table after a run: area, scenario, revision, result and check counts for every
 * test that recorded a row (table.ts), then the totals, then what failed and why. Used by
 * `npm run conformance` (alone) and `npm run test:interop` (after the default reporter).
 */
import type { Reporter, TestModule } from "vitest/node";
import type { Row } from "./table";

interface Line {
  row: Row;
  result: "passed" | "failed" | "not scored: passed" | "not scored: failed";
  problems: string[];
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
}

export default class TableReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: Line[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const row = test.meta().row;
        if (!row) continue;
        const state = test.result().state;
        const problems = [...(row.problems ?? [])];
        if (state === "failed") for (const e of test.result().errors ?? []) problems.push(e.message.split("\n")[0] ?? "");
        const result = row.observed
          ? row.observed.passed
            ? "not scored: passed"
            : "not scored: failed"
          : state === "passed"
            ? "passed"
            : "failed";
        if (row.observed && !row.observed.passed) problems.unshift(row.observed.reason);
        lines.push({ row, result, problems });
      }
    }
    if (lines.length === 0) return;
    const header = ["area", "scenario", "revision", "result", "checks (ok/fail/warn)"];
    const cells = lines.map((l) => [l.row.area, l.row.scenario, l.row.revision, l.result, l.row.checks ?? ""]);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
    const out: string[] = ["", pad(header, widths), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map((c) => pad(c, widths))];
    out.push("", "Totals:");
    const areas = [...new Set(lines.map((l) => l.row.area))];
    for (const area of areas) {
      const of = lines.filter((l) => l.row.area === area);
      const scored = of.filter((l) => !l.row.observed);
      const passed = scored.filter((l) => l.result === "passed").length;
      const extra = of.length - scored.length;
      const unscored = extra > 0 ? `; ${of.filter((l) => l.result === "not scored: passed").length}/${extra} not-scored passed` : "";
      out.push(`  ${area}: ${passed}/${scored.length} passed${unscored}`);
    }
    const all = lines.filter((l) => !l.row.observed);
    out.push(`  all: ${all.filter((l) => l.result === "passed").length}/${all.length} passed`);
    const failing = lines.filter((l) => l.result.endsWith("failed"));
    if (failing.length > 0) {
      out.push("", "Not passing, and why:");
      for (const l of failing) {
        out.push(`  ${l.row.area} / ${l.row.scenario} (${l.row.revision}):`);
        for (const p of l.problems.slice(0, 6)) out.push(`    - ${p.slice(0, 300)}`);
      }
    }
    console.log(out.join("\n"));
  }
}
