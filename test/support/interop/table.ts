/**
 * One row of the `npm run conformance` table, attached to a test through vitest's task meta so the
 * table reporter (tableReporter.ts) can print scenario, revision and outcome for every interop test.
 */
export interface Row {
  /** Which peer: "conformance client", "conformance server", "SDK 2.x", "server-everything". */
  area: string;
  scenario: string;
  revision: string;
  /** The suite's check counts, when the row is a conformance scenario. */
  checks?: string;
  /**
   * Set for rows whose outcome is reported but not asserted (scenarios the suite runs without
   * scoring): their own result. Other rows take the test's pass or fail.
   */
  observed?: { passed: boolean; reason: string };
  /** Why it failed, for the table's notes. */
  problems?: string[];
}

declare module "vitest" {
  interface TaskMeta {
    row?: Row;
  }
}

export function record(task: { meta: { row?: Row } }, row: Row): void {
  task.meta.row = row;
}
