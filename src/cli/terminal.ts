/**
 * Questions asked in the terminal, one prompt per field: a form field by field (checked against its
 * schema, asked again until valid), a URL printed with its warnings and never opened, a sampling
 * request shown with a reply typed by the person, roots as URIs. Prompts go to stderr so stdout
 * keeps only the result (and stays JSON with `--format json`).
 */
import { createInterface, type Interface } from "node:readline";
import { McpError, type CreateMessageResult, type ElicitResult, type InputResponse, type ListRootsResult } from "../core";
import type { Question } from "./connect";
import { fieldsOf, hintOf, parseField } from "./fields";
import { oneLine } from "./errors";
import { urlWarnings } from "./urlWarnings";

/** Server text for the terminal: control characters (escape sequences) shown, never obeyed; newlines kept. */
export function safeText(text: string): string {
  return text.split("\n").map(oneLine).join("\n");
}

/**
 * Lines typed in the terminal, in order, each given to the prompt that asks next, even when typed
 * ahead (readline drops lines nobody is waiting for, so they are queued here).
 */
export class LineReader {
  readonly #rl: Interface;
  readonly #queue: string[] = [];
  readonly #waiting: ((line: string | undefined) => void)[] = [];
  readonly #out: NodeJS.WritableStream;
  #ended = false;

  constructor(input: NodeJS.ReadableStream, out: NodeJS.WritableStream, onInterrupt: () => void) {
    this.#out = out;
    this.#rl = createInterface({ input, output: out, terminal: (input as { isTTY?: boolean }).isTTY === true });
    this.#rl.on("line", (line) => {
      const w = this.#waiting.shift();
      if (w) w(line);
      else this.#queue.push(line);
    });
    this.#rl.on("close", () => {
      this.#ended = true;
      for (const w of this.#waiting.splice(0)) w(undefined);
    });
    // In raw mode Ctrl-C reaches readline, not the process: pass it on.
    this.#rl.on("SIGINT", onInterrupt);
  }

  /** The next line after printing `prompt`; undefined at end of input (Ctrl-D). */
  ask(prompt: string): Promise<string | undefined> {
    const queued = this.#queue.shift();
    this.#rl.setPrompt(prompt);
    this.#rl.prompt();
    if (queued !== undefined) {
      this.#out.write("\n");
      return Promise.resolve(queued);
    }
    if (this.#ended) return Promise.resolve(undefined);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  say(text: string): void {
    this.#out.write(`${text}\n`);
  }

  close(): void {
    this.#rl.close();
  }
}

const ended = (): McpError => new McpError({ kind: "cancelled", message: "the terminal input ended before the question was answered" });

async function required(lines: LineReader, prompt: string): Promise<string> {
  const line = await lines.ask(prompt);
  if (line === undefined) throw ended();
  return line;
}

async function action(lines: LineReader, what: string): Promise<"accept" | "decline" | "cancel"> {
  for (;;) {
    const a = (await required(lines, `${what} [A]ccept / [d]ecline / [c]ancel: `)).trim().toLowerCase();
    if (a === "" || a === "a" || a === "accept") return "accept";
    if (a === "d" || a === "decline") return "decline";
    if (a === "c" || a === "cancel") return "cancel";
    lines.say("  type a, d or c");
  }
}

async function askForm(lines: LineReader, params: Record<string, unknown>): Promise<ElicitResult> {
  const act = await action(lines, "Answer this form?");
  if (act !== "accept") return { action: act };
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const f of fieldsOf(params.requestedSchema)) {
    lines.say(`  ${safeText(f.title)}${f.required ? " *" : ""}${f.description ? ` — ${safeText(f.description)}` : ""}`);
    f.choices.forEach((c, i) => lines.say(`    ${i + 1}) ${safeText(c.title)}${c.title !== c.value ? ` [${safeText(c.value)}]` : ""}`));
    for (;;) {
      const parsed = parseField(f, await required(lines, `  ${safeText(f.name)} (${hintOf(f)}): `));
      if (!parsed.ok) {
        lines.say(`  ✗ ${safeText(parsed.error)}`);
        continue;
      }
      if (!parsed.omit) content[f.name] = parsed.value as string | number | boolean | string[];
      break;
    }
  }
  return { action: "accept", content };
}

async function askUrl(lines: LineReader, params: Record<string, unknown>): Promise<ElicitResult> {
  const url = typeof params.url === "string" ? params.url : "";
  lines.say(`  URL (not opened; open it yourself if you trust it): ${oneLine(url)}`);
  for (const w of urlWarnings(url)) lines.say(`  ⚠ ${w}`);
  return { action: await action(lines, "Done with the page?") };
}

function contentText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((b) => (typeof b === "object" && b !== null && (b as { type?: unknown }).type === "text" ? String((b as { text?: unknown }).text) : `[${String((b as { type?: unknown })?.type)}]`)).join(" ");
}

async function askSampling(lines: LineReader, params: Record<string, unknown>): Promise<CreateMessageResult> {
  if (typeof params.systemPrompt === "string") lines.say(`  system: ${safeText(params.systemPrompt)}`);
  for (const m of Array.isArray(params.messages) ? params.messages : []) {
    const msg = m as { role?: unknown; content?: unknown };
    lines.say(`  ${String(msg.role)}: ${safeText(contentText(msg.content))}`);
  }
  for (;;) {
    const reply = await required(lines, "  Reply as the model (empty line refuses): ");
    if (reply.trim() === "") throw new McpError({ kind: "cancelled", message: "the user refused the sampling request" });
    return { role: "assistant", content: { type: "text", text: reply }, model: "presa-inspector-cli (typed)", stopReason: "endTurn" };
  }
}

async function askRoots(lines: LineReader): Promise<ListRootsResult> {
  const line = await required(lines, "  Roots to share (file:// URIs, comma-separated; empty for none): ");
  const uris = line.split(",").map((u) => u.trim()).filter(Boolean);
  return { roots: uris.map((uri) => ({ uri })) };
}

type Prompt = (lines: LineReader, params: Record<string, unknown>) => Promise<InputResponse>;

/**
 * The one map from an input kind (its id in the core's registry, src/core/input/registry.ts) to the
 * prompt that asks it in the terminal. A kind added to the core gets its prompt here.
 */
const PROMPTS: Readonly<Record<string, Prompt>> = {
  form: askForm,
  url: askUrl,
  sampling: askSampling,
  roots: (lines) => askRoots(lines),
};

/** Asks one question in the terminal; the server hears a refusal as an error. */
export async function askInTerminal(lines: LineReader, q: Question, where: string): Promise<InputResponse> {
  const params = q.params;
  const prompt = PROMPTS[q.spec.id];
  if (!prompt) {
    throw new McpError({ kind: "unsupported", message: `the command line has no terminal prompt for the ${q.spec.words.noun} (input kind "${q.spec.id}")` });
  }
  lines.say(`\n? ${where} round ${q.ctx.round}, ${q.spec.words.noun} ${JSON.stringify(q.ctx.key)}${typeof params.message === "string" ? `: ${safeText(params.message)}` : ""}`);
  return prompt(lines, params);
}
