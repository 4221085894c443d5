/**
 * Small pure helpers for the command line: splitting a `--stdio` command into argv the way a shell
 * would (quotes and backslashes) but without expanding anything, `key=value` arguments, and headers.
 */
import { CliError } from "./errors";

/**
 * Splits a command line into words like a POSIX shell does, without running one: whitespace
 * separates words, single quotes keep everything, double quotes keep everything but `\"` `\\` `\$`
 * and `` \` ``, a backslash outside quotes keeps the next character. Nothing is expanded: `$HOME`,
 * `*` and `~` stay as typed, and `;`, `|`, `&&` are plain characters (the process gets them as argv).
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new CliError(`--stdio: unterminated single quote at character ${i + 1} of ${JSON.stringify(line)}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= line.length) throw new CliError(`--stdio: unterminated double quote at character ${i + 1} of ${JSON.stringify(line)}`);
        const d = line[j] as string;
        if (d === '"') break;
        if (d === "\\" && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) {
          word += line[j + 1];
          j += 2;
        } else {
          word += d;
          j++;
        }
      }
      inWord = true;
      i = j + 1;
    } else if (c === "\\") {
      if (i + 1 < line.length) word += line[i + 1];
      inWord = true;
      i += 2;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** `"Name: value"` → [name, value]; the name must be a valid HTTP header name. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(":");
  const name = colon === -1 ? "" : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new CliError(`--header ${JSON.stringify(text)}: expected "Name: value"`);
  return [name, text.slice(colon + 1).trim()];
}

/** The JSON Schema `type` of one property, when it names a single type. */
function typeOf(schema: unknown, key: string): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const props = (schema as { properties?: Record<string, unknown> }).properties;
  const prop = props?.[key];
  if (typeof prop !== "object" || prop === null) return undefined;
  const t = (prop as { type?: unknown }).type;
  return typeof t === "string" ? t : undefined;
}

/**
 * Call arguments from `--args JSON` and `key=value` words (the words win). A value is taken as
 * JSON (`n=3`, `ok=true`, `tags=["a"]`) unless the tool's input schema says the property is a
 * string, or it is not JSON; `key:=text` always keeps the text.
 */
export function parseArguments(json: string | undefined, pairs: readonly string[], schema?: unknown): Record<string, unknown> {
  let args: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (e) {
      throw new CliError(`--args is not JSON: ${(e as Error).message}`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new CliError("--args must be a JSON object, e.g. '{\"name\": \"Ada\"}'");
    args = { ...(parsed as Record<string, unknown>) };
  }
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new CliError(`argument ${JSON.stringify(pair)}: expected key=value`);
    const literal = pair[eq - 1] === ":";
    const key = pair.slice(0, literal ? eq - 1 : eq);
    const raw = pair.slice(eq + 1);
    if (literal || typeOf(schema, key) === "string") {
      args[key] = raw;
      continue;
    }
    try {
      args[key] = JSON.parse(raw);
    } catch {
      args[key] = raw;
    }
  }
  return args;
}
