/**
 * A replay as a JUnit XML report (the format CI systems show as test results): one test case per
 * replayed call, a <failure> naming the first changed round with every difference in its body, or an
 * <error> when the replay could not run at all.
 */
import type { CallDiff } from "../core/recording";
import { diffSentences, firstChangedRound } from "./output";

/** XML text or attribute value: markup escaped, and characters XML 1.0 cannot hold replaced. */
export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "\ufffd");
}

export interface JunitInput {
  /** The session file replayed, as the suite's name. */
  session: string;
  /** Where it was replayed, for the report's properties. */
  target: string;
  diffs: readonly CallDiff[];
  /** Set when the replay stopped with an error before every call ran. */
  error?: string;
  seconds: number;
  /** Seconds each replayed call took, in order. */
  times?: readonly number[];
}

export function junitXml(r: JunitInput): string {
  const failures = r.diffs.filter((d) => !d.same).length;
  const errors = r.error ? 1 : 0;
  const suite = xmlEscape(`presa-inspector replay ${r.session}`);
  const cases = r.diffs.map((d, i) => {
    const name = xmlEscape(`${i + 1}. ${d.method} ${d.target}`);
    const open = `    <testcase classname="${suite}" name="${name}" time="${(r.times?.[i] ?? 0).toFixed(3)}">`;
    if (d.same) return `${open}</testcase>`;
    // The first sentence names the first changed round ("round 2 changed: ..."), or the outcome.
    const sentences = diffSentences(d);
    const round = firstChangedRound(d);
    const message = sentences[0] ?? (round !== undefined ? `round ${round} changed` : "differs");
    return `${open}\n      <failure type="behaviour-changed" message="${xmlEscape(message)}">${xmlEscape(sentences.join("\n"))}</failure>\n    </testcase>`;
  });
  if (r.error) cases.push(`    <testcase classname="${suite}" name="replay" time="0">\n      <error type="replay-error" message="${xmlEscape(r.error)}">${xmlEscape(r.error)}</error>\n    </testcase>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="presa-inspector" tests="${r.diffs.length + errors}" failures="${failures}" errors="${errors}" time="${r.seconds.toFixed(3)}">`,
    `  <testsuite name="${suite}" tests="${r.diffs.length + errors}" failures="${failures}" errors="${errors}" skipped="0" time="${r.seconds.toFixed(3)}">`,
    `    <properties><property name="target" value="${xmlEscape(r.target)}"/></properties>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
