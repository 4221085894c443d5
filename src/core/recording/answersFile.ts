/**
 * Reading an answers file, which people also write by hand (its JSON Schema is
 * public/schemas/answers.schema.json): every refusal names the field and the shape it expects, and what
 * the app can fill in itself (an id, a name, the question's kind prefix) is not demanded.
 */
import { inputKindNamed, isObject } from "../index";
import { shown } from "../util/shown";
import { ANSWERS_FORMAT, ANSWERS_VERSION, cannedKinds, type CannedAnswer, type CannedKind } from "./canned";

type Parsed = { ok: true; answers: CannedAnswer[] } | { ok: false; error: string };


/** The first thing wrong with a response for a question of `kind`, or undefined when it has the shape the protocol answers with. */
/**
 * The question a record matches on initialize-era sessions, as the app stores it ("form: Name?"): a
 * hand-written record may give just the message ("Name?"), and a sampling or roots record needs none.
 */
function questionFor(kind: CannedKind, question: unknown): string | undefined {
  if (kind === "sampling" || kind === "roots") return kind;
  if (typeof question !== "string") return undefined;
  return question.startsWith(`${kind}: `) ? question : `${kind}: ${question}`;
}

function answerAt(i: number, a: unknown): CannedAnswer | string {
  const at = `answers[${i}]`;
  if (!isObject(a)) return `${at}: expected an object {server, target, kind, key or question, response}, got ${shown(a)}`;
  for (const field of ["server", "target"] as const) {
    if (typeof a[field] !== "string" || a[field] === "") {
      const example = field === "server" ? 'the server\'s name (serverInfo.name), e.g. "presa-demo"' : 'the call, e.g. "tools/call two-steps"';
      return `${at}.${field}: expected ${example}, got ${shown(a[field])}`;
    }
  }
  if (!cannedKinds().includes(a.kind as CannedKind)) return `${at}.kind: expected one of ${cannedKinds().map((k) => `"${k}"`).join(", ")}, got ${shown(a.kind)}`;
  const kind = a.kind as CannedKind;
  if (a.key !== undefined && typeof a.key !== "string") return `${at}.key: expected the inputRequests key as text (2026-07-28), got ${shown(a.key)}`;
  if (a.question !== undefined && typeof a.question !== "string") return `${at}.question: expected the question's message as text, got ${shown(a.question)}`;
  const question = questionFor(kind, a.question);
  if (a.key === undefined && question === undefined) return `${at}: needs "key" (the inputRequests key, 2026-07-28) or "question" (the message, e.g. "Name?"), or both`;
  if (!isObject(a.response)) return `${at}.response: expected the answer as the protocol sends it, e.g. {"action": "accept", "content": {…}}, got ${shown(a.response)}`;
  // Each kind says what its answers look like (the input kinds' registry), in words naming the field.
  const problem = inputKindNamed(kind)?.answerProblem(a.response);
  if (problem) return `${at}.response.${problem}`;
  for (const field of ["id", "name"] as const) if (a[field] !== undefined && typeof a[field] !== "string") return `${at}.${field}: expected text, got ${shown(a[field])}`;
  if (a.savedAt !== undefined && typeof a.savedAt !== "number") return `${at}.savedAt: expected a time in ms since 1970, got ${shown(a.savedAt)}`;
  const key = typeof a.key === "string" ? a.key : undefined;
  return {
    ...(a as unknown as CannedAnswer),
    id: typeof a.id === "string" ? a.id : `answers[${i}]`,
    name: typeof a.name === "string" ? a.name : (key ?? question ?? kind),
    key,
    question: question ?? "",
    kind,
    savedAt: typeof a.savedAt === "number" ? a.savedAt : 0,
  };
}

/**
 * Reads an answers file, strictly: a file given on purpose that is half wrong must say where, not
 * quietly answer fewer questions. Takes the exported file, or a bare array of answers.
 */
export function parseAnswers(text: string): Parsed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  let list: unknown;
  if (Array.isArray(parsed)) list = parsed;
  else if (isObject(parsed) && parsed.format === ANSWERS_FORMAT) {
    if (parsed.version === undefined) return { ok: false, error: `version: missing; expected "version": ${ANSWERS_VERSION}` };
    if (typeof parsed.version !== "number" || !Number.isInteger(parsed.version) || parsed.version < 1) return { ok: false, error: `version: expected the number ${ANSWERS_VERSION}, got ${shown(parsed.version)}` };
    if (parsed.version > ANSWERS_VERSION) return { ok: false, error: `answers file version ${parsed.version} is newer than this inspector reads (${ANSWERS_VERSION})` };
    list = parsed.answers;
  } else if (isObject(parsed)) {
    return { ok: false, error: `not an answers file: format: expected "${ANSWERS_FORMAT}", got ${shown(parsed.format)} (an answers file is {"format": "${ANSWERS_FORMAT}", "version": ${ANSWERS_VERSION}, "answers": [...]}, or a bare array of answers)` };
  } else return { ok: false, error: `not an answers file (expected {"format": "${ANSWERS_FORMAT}", "version": ${ANSWERS_VERSION}, "answers": [...]}, or an array of answers)` };
  if (!Array.isArray(list)) return { ok: false, error: `answers: expected an array of answers, got ${shown(list)}` };
  const answers: CannedAnswer[] = [];
  for (const [i, a] of list.entries()) {
    const one = answerAt(i, a);
    if (typeof one === "string") return { ok: false, error: one };
    answers.push(one);
  }
  return { ok: true, answers };
}
