/**
 * Runs the official conformance suite (@modelcontextprotocol/conformance, pinned in package.json)
 * against this project: its CLI as a child process (rebuilt for Node 20 by the global setup: entries.ts,
 * CONFORMANCE_CLI), reading each scenario's checks.json from an output dir.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFORMANCE_CLI, CONFORMANCE_DIR, nodeCommand } from "../entries";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The non-auth client scenarios the suite requires (requirements/*.yaml), with the revision each runs
 * at, and json-schema-2020-12-preservation in both eras (listed there as added after release).
 */
export const CLIENT_SCENARIOS: readonly { scenario: string; revision: string }[] = [
  ...[
    "tools_call",
    "request-metadata",
    "sep-2322-client-request-state",
    "http-standard-headers",
    "http-custom-headers",
    "http-invalid-tool-headers",
    "json-schema-ref-no-deref",
    "json-schema-2020-12-preservation",
  ].map((scenario) => ({ scenario, revision: "2026-07-28" })),
  ...["initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry", "json-schema-2020-12-preservation"].map((scenario) => ({ scenario, revision: "2025-11-25" })),
  ...authScenarios(),
];

/**
 * The client authorization scenarios: those both requirements files list, the ones only
 * 2026-07-28 lists, and the 2025-03-26 back-compat pair (which no requirements file lists). The
 * extension ones (client credentials, DPoP, enterprise, workload identity) are not among them.
 */
function authScenarios(): { scenario: string; revision: string }[] {
  const both = [
    "metadata-default",
    "metadata-var1",
    "metadata-var2",
    "metadata-var3",
    "basic-cimd",
    "scope-from-www-authenticate",
    "scope-from-scopes-supported",
    "scope-omitted-when-undefined",
    "scope-step-up",
    "scope-retry-limit",
    "token-endpoint-auth-basic",
    "token-endpoint-auth-post",
    "token-endpoint-auth-none",
    "pre-registration",
  ];
  const only2026 = [
    "resource-mismatch",
    "offline-access-scope",
    "offline-access-not-supported",
    "authorization-server-migration",
    "iss-supported",
    "iss-not-advertised",
    "iss-supported-missing",
    "iss-wrong-issuer",
    "iss-unexpected",
    "iss-normalized",
    "metadata-issuer-mismatch",
  ];
  return [
    ...[...both, ...only2026].map((name) => ({ scenario: `auth/${name}`, revision: "2026-07-28" })),
    ...both.map((name) => ({ scenario: `auth/${name}`, revision: "2025-11-25" })),
    ...["2025-03-26-oauth-metadata-backcompat", "2025-03-26-oauth-endpoint-fallback"].map((name) => ({ scenario: `auth/${name}`, revision: "2025-03-26" })),
  ];
}

export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

export interface ScenarioResult {
  side: "client" | "server";
  scenario: string;
  revision: string;
  /** As the suite decides: no FAILURE (client runs: nor WARNING, timeout or non-zero exit). */
  passed: boolean;
  counts: { success: number; failure: number; warning: number; skipped: number };
  /** The checks that did not succeed, as `id: message`. */
  problems: string[];
  /** Set for scenarios the requirements file lists under `not_scored`, with its reason. */
  notScored?: string;
}

/** The scenarios a revision requires of a server, and those it runs but does not score (with why). */
export function serverRequirements(revision: string): { scored: string[]; notScored: Map<string, string> } {
  return requirements(revision, "server");
}

/** The same for a client: what `conformance client --requirements` runs, scored or not. */
export function clientRequirements(revision: string): { scored: string[]; notScored: Map<string, string> } {
  return requirements(revision, "client");
}

function requirements(revision: string, leg: "server" | "client"): { scored: string[]; notScored: Map<string, string> } {
  const text = readFileSync(join(CONFORMANCE_DIR, "requirements", `${revision}.yaml`), "utf8");
  const scored: string[] = [];
  const notScored = new Map<string, string>();
  let section = "";
  let pending: { scenario?: string; leg?: string; reason?: string } = {};
  const flush = (): void => {
    if (pending.scenario && pending.leg === leg) notScored.set(pending.scenario, pending.reason ?? "not scored");
    pending = {};
  };
  for (const line of text.split("\n")) {
    const top = /^([a-z_]+):\s*$/.exec(line);
    if (top) {
      flush();
      section = top[1] ?? "";
      continue;
    }
    if (section === leg) {
      const item = /^ {2}- ([\w./-]+)\s*$/.exec(line);
      if (item?.[1]) scored.push(item[1]);
    } else if (section === "not_scored") {
      const entry = /^ {2}- scenario: ([\w./-]+)/.exec(line);
      if (entry) {
        flush();
        pending.scenario = entry[1];
      }
      const field = /^ {4}(leg|reason): (\S+)/.exec(line);
      if (field?.[1] === "leg") pending.leg = field[2];
      if (field?.[1] === "reason") pending.reason = field[2];
    }
  }
  flush();
  return { scored, notScored };
}

function run(args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONFORMANCE_CLI, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

function summarize(checks: Check[]): Pick<ScenarioResult, "counts" | "problems"> {
  const count = (status: Check["status"]): number => checks.filter((c) => c.status === status).length;
  return {
    counts: { success: count("SUCCESS"), failure: count("FAILURE"), warning: count("WARNING"), skipped: count("SKIPPED") },
    problems: checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING").map((c) => `${c.id} (${c.status}): ${c.errorMessage ?? ""}`.trim()),
  };
}

function readChecks(dir: string): Check[] {
  return JSON.parse(readFileSync(join(dir, "checks.json"), "utf8")) as Check[];
}

/** The folder holding checks.json: `<out>/<scenario>-<time>`, one level deeper for `auth/…` scenarios. */
function findChecksDir(out: string): string | undefined {
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(out, entry.name);
    if (readdirSync(path).includes("checks.json")) return path;
    const inner = findChecksDir(path);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * How long the suite lets our client run in one scenario (its own default is 30 s). A ceiling against
 * a hang, not a measure of speed: on a busy 2-core machine starting the client (then through tsx)
 * alone has taken most of those 30 s, so the suite timed out a client that passed.
 */
const CLIENT_CEILING_MS = 120_000;

/** One client scenario: the suite starts its mock server and runs bin/conformance-client.ts against it. */
export async function runClientScenario(scenario: string, revision: string): Promise<ScenarioResult> {
  const out = mkdtempSync(join(tmpdir(), "presa-conformance-"));
  try {
    const command = nodeCommand("bin/conformance-client.ts");
    const { code, output } = await run(["client", "--command", command, "--scenario", scenario, "--spec-version", revision, "--timeout", String(CLIENT_CEILING_MS), "-o", out], CLIENT_CEILING_MS + 60_000);
    const dir = findChecksDir(out);
    const checks = dir ? readChecks(dir) : [];
    const summary = summarize(checks);
    if (code !== 0 && summary.problems.length === 0) summary.problems.push(`the suite exited ${code}: ${output.slice(-1500)}`);
    return { side: "client", scenario, revision, passed: code === 0, ...summary };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Every client scenario a revision's requirements file lists, run by the suite itself, all at once
 * (`conformance client --requirements`): what a sign-in meets when the suite's servers are slow.
 * One result per scenario directory the suite wrote.
 */
export async function runClientRequirements(revision: string): Promise<ScenarioResult[]> {
  const out = mkdtempSync(join(tmpdir(), "presa-conformance-"));
  try {
    const command = nodeCommand("bin/conformance-client.ts");
    await run(["client", "--command", command, "--requirements", revision, "--timeout", String(CLIENT_CEILING_MS), "-o", out], 900_000);
    const results: ScenarioResult[] = [];
    const walk = (dir: string, name: string): void => {
      const entries = readdirSync(dir);
      if (entries.includes("checks.json")) {
        const summary = summarize(readChecks(dir));
        // A failed check says what the suite saw; the client's own last error says why.
        if (summary.problems.length > 0) summary.problems.push(...clientError(dir));
        const scenario = name.replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
        results.push({ side: "client", scenario, revision, passed: summary.counts.failure === 0 && summary.counts.warning === 0, ...summary });
        return;
      }
      for (const entry of entries) walk(join(dir, entry), name ? `${name}/${entry}` : entry);
    };
    walk(out, "");
    return results;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The last error line the client wrote to stderr in a scenario's result folder, if any. */
function clientError(dir: string): string[] {
  const file = join(dir, "stderr.txt");
  if (!existsSync(file)) return [];
  const line = readFileSync(file, "utf8").split("\n").findLast((l) => /Error\b/.test(l));
  return line ? [`the client said: ${line.trim().slice(0, 300)}`] : [];
}

/** Every server scenario a revision's requirements file lists (scored and not), against `url`. */
export async function runServerRequirements(url: string, revision: string): Promise<ScenarioResult[]> {
  const { scored, notScored } = serverRequirements(revision);
  const out = mkdtempSync(join(tmpdir(), "presa-conformance-"));
  try {
    await run(["server", "--url", url, "--requirements", revision, "-o", out], 300_000);
    const dirs = readdirSync(out);
    return [...scored, ...notScored.keys()].map((scenario) => {
      // Result dirs are `server-<scenario>-<ISO time>`; a scenario's name may prefix another's.
      const dir = dirs.find((d) => new RegExp(`^server-${scenario.replace(/[/]/g, "-")}-\\d{4}-`).test(d));
      const checks = dir ? readChecks(join(out, dir)) : [];
      const summary = summarize(checks);
      if (!dir) summary.problems.push("the suite wrote no result for this scenario");
      const result: ScenarioResult = { side: "server", scenario, revision, passed: dir !== undefined && summary.counts.failure === 0, ...summary };
      const why = notScored.get(scenario);
      if (why !== undefined) result.notScored = why;
      return result;
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
