/**
 * `presa-inspector`: the inspector on the command line, another thin face over the same core as the
 * app. `call` runs one tools/call, prompts/get or resources/read and answers the server's questions
 * from an answers file (the app's canned answers), in the terminal, or refuses them; `replay` runs a
 * session recorded in the app again and reports per-round differences (exit 1) for CI.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_CLIENT_INFO, HttpExchangeLog, McpError, REVISIONS, isObject, isRevision, type InputMethod } from "../core";
import { findCanned, parseAnswers, parseSession, recordCall, replayCalls, targetOf, type CallDiff, type CannedAnswer, type ReplayHost, type ReplayQuestion } from "../core/recording";
import { CAPABILITY_FLAGS, DEFAULT_TIMEOUT_MS, connectTarget, describeTargetSpec, targetFromFlags, type Ask, type CapabilityKey, type CapabilityMode, type Connected, type ConnectSpec, type Question, type TargetSpec } from "./connect";
import { CliError, EXIT, oneLine } from "./errors";
import { junitXml } from "./junit";
import { byKey, callJson, callText, replayJson, replayText, type AnsweredBy } from "./output";
import { LineReader, askInTerminal, safeText } from "./terminal";
import { toolUi } from "../core/apps";
import { parseArguments, parseHeader } from "./words";
import { clientTaskLines, clientTasksOfCall, completionQueryOf, runComplete, suggestionsText } from "./clientSide";
import { savedServer } from "./savedServers";
import { httpLines } from "./httpLines";

export const USAGE = `presa-inspector — MCP inspector on the command line (both eras, questions answered)

usage:
  presa-inspector call TARGET tool NAME [key=value ...] [--args JSON] [ANSWERING] [--format text|json]
  presa-inspector call TARGET prompt NAME [key=value ...]
  presa-inspector call TARGET resource URI
  presa-inspector complete TARGET prompt NAME ARGUMENT [VALUE] [other=value ...] [--format text|json]
  presa-inspector complete TARGET resource URI-TEMPLATE VARIABLE [VALUE] [other=value ...]
  presa-inspector replay SESSION.json [TARGET] [--junit FILE] [--format text|json]

  (tools/call, prompts/get and resources/read work in place of tool, prompt and resource)

TARGET (one of):
  --url URL [--header "Name: value"]...   Streamable HTTP
  --stdio "command args..."  [--cwd DIR]   spawned directly (no shell; quotes group words, nothing is
                                           expanded); stopped on exit and on Ctrl-C, with its process group
  --embedded [--variant changed]           the demo server, in this process
  --server NAME [--header "Name: value"]   a server saved in the app (kept through the bridge in
                                           ~/.config/presa-inspector/servers.json, or $XDG_CONFIG_HOME);
                                           its revision, capabilities, transport (HTTP+SSE, auto) and
                                           sign-in (a login page: its URL is printed, then awaited)
  replay without a target uses the session's own URL (or embedded server)

connection:
  --revision auto|${REVISIONS.join("|")}   default auto (replay: the recorded revision)
  --elicitation-form MODE  --elicitation-url MODE  --sampling MODE  --roots MODE
                           MODE is handled (default), declared (declared, no handler) or off
  --timeout MS             per request, default ${DEFAULT_TIMEOUT_MS} (0: none); never runs while you type
  --max-rounds N           input rounds per call (default 10)
  --client-tasks           let a 2025-11-25 server ask its questions as client-side tasks (tasks.requests);
                           answered the same way, the server polls tasks/get; listed after the rounds
  --verbose                print a stdio server's stderr
  --http                   print each HTTP request (method, URL, status, time to the answer's headers)
                           and its header checks to stderr, as the app's HTTP view shows them

ANSWERING (in this order):
  --answers FILE           canned answers exported from the app (Canned answers → Export)
  --root URI               answer roots/list with these roots (repeatable)
  the terminal             a prompt per field when stdin is a terminal (not with --no-interactive)
  --decline-unanswered     decline what is left (forms and URLs: action decline; others refused)
  otherwise                a question with no answer stops the call (exit 2)

exit codes: 0 done / replay matches, 1 tool returned isError / replay differs,
            2 error (bad input, unreachable or failing server, unanswered question, timeout), 130 Ctrl-C`;

const OPTIONS = {
  url: { type: "string" },
  server: { type: "string" },
  header: { type: "string", multiple: true },
  stdio: { type: "string" },
  cwd: { type: "string" },
  embedded: { type: "boolean" },
  variant: { type: "string" },
  revision: { type: "string" },
  "elicitation-form": { type: "string" },
  "elicitation-url": { type: "string" },
  sampling: { type: "string" },
  roots: { type: "string" },
  timeout: { type: "string" },
  "max-rounds": { type: "string" },
  "client-tasks": { type: "boolean" },
  verbose: { type: "boolean" },
  http: { type: "boolean" },
  args: { type: "string" },
  answers: { type: "string" },
  root: { type: "string", multiple: true },
  "decline-unanswered": { type: "boolean" },
  "no-interactive": { type: "boolean" },
  format: { type: "string" },
  junit: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

/** What the process needs from its surroundings, so tests could give their own. */
export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Set by a command once it holds something to stop on Ctrl-C or exit. */
  onStop: (stop: () => void) => void;
  interrupt: () => void;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(`${what} ${file}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
}

function intFlag(v: string | undefined, flag: string, fallback: number | undefined): number | undefined {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`--${flag} must be a whole number of at least 0, not ${JSON.stringify(v)}`);
  return n;
}

function modes(v: Values, recorded?: unknown): Record<CapabilityKey, CapabilityMode> {
  const out = { elicitationForm: "handled", elicitationUrl: "handled", sampling: "handled", roots: "handled" } as Record<CapabilityKey, CapabilityMode>;
  // A replay declares what the recording's connection declared, unless a flag says otherwise.
  if (isObject(recorded)) for (const k of Object.keys(out) as CapabilityKey[]) if (["handled", "declared", "off"].includes(recorded[k] as string)) out[k] = recorded[k] as CapabilityMode;
  for (const [k, flag] of Object.entries(CAPABILITY_FLAGS) as [CapabilityKey, string][]) {
    const given = v[flag as keyof Values] as string | undefined;
    if (given === undefined) continue;
    if (!["handled", "declared", "off"].includes(given)) throw new CliError(`--${flag} must be handled, declared or off, not ${JSON.stringify(given)}`);
    out[k] = given as CapabilityMode;
  }
  return out;
}

function format(v: Values): "text" | "json" {
  const f = v.format ?? "text";
  if (f !== "text" && f !== "json") throw new CliError(`--format must be text or json, not ${JSON.stringify(f)}`);
  return f;
}

function connectSpec(v: Values, target: TargetSpec, io: Io, revision: string, recordedModes?: unknown): ConnectSpec {
  const maxRounds = intFlag(v["max-rounds"], "max-rounds", undefined);
  return {
    target,
    revision,
    capabilities: modes(v, recordedModes),
    timeoutMs: intFlag(v.timeout, "timeout", DEFAULT_TIMEOUT_MS) as number,
    ...(maxRounds !== undefined ? { maxRounds } : {}),
    ...(v["client-tasks"] ? { clientTasks: true } : {}),
    ...(v.verbose ? { onStderr: (line: string) => io.stderr.write(`[server] ${oneLine(line)}\n`) } : {}),
    ...(v.http ? { exchanges: new HttpExchangeLog() } : {}),
  };
}

async function withConnection<T>(spec: ConnectSpec, io: Io, body: (c: Connected) => Promise<T>): Promise<T> {
  const c = await connectTarget({ ...spec, onSpawned: io.onStop });
  try {
    return await body(c);
  } finally {
    const revision = c.client.revision;
    const schemas = c.client.toolSchemas;
    await c.close();
    // After close, so an initialize-era session's closing DELETE is listed too.
    if (spec.exchanges) for (const line of httpLines(spec.exchanges.getSnapshot(), { revision, toolSchema: (name) => schemas.get(name)?.inputSchema })) io.stderr.write(`${line}\n`);
  }
}

const METHODS: Record<string, InputMethod> = { tool: "tools/call", "tools/call": "tools/call", prompt: "prompts/get", "prompts/get": "prompts/get", resource: "resources/read", "resources/read": "resources/read" };

/** Checks the tool or prompt exists before calling it, so a typo says so (with what there is). */
async function checkListed(c: Connected, method: InputMethod, name: string, where: string): Promise<unknown> {
  if (method === "resources/read") return undefined;
  const listing = method === "tools/call" ? await c.client.listTools().catch(() => undefined) : await c.client.listPrompts().then((r) => (Array.isArray(r.prompts) ? r.prompts : undefined)).catch(() => undefined);
  if (!listing) return undefined; // the server cannot list: let the call itself say
  const found = (listing as { name?: unknown; inputSchema?: unknown }[]).find((t) => t.name === name);
  if (!found) {
    const names = (listing as { name?: unknown }[]).map((t) => String(t.name));
    const shown = names.length > 12 ? `${names.slice(0, 12).join(", ")}, … (${names.length})` : names.join(", ");
    throw new CliError(`unknown ${method === "tools/call" ? "tool" : "prompt"} ${JSON.stringify(name)} on ${where}; it lists: ${shown || "nothing"}`);
  }
  return method === "tools/call" ? found.inputSchema : undefined;
}

function questionWords(q: Question): string {
  return `${q.spec.words.noun} ${JSON.stringify(q.ctx.key)}${typeof q.params.message === "string" ? ` (${JSON.stringify(oneLine(q.params.message))})` : ""}`;
}

async function runCall(v: Values, rest: string[], io: Io): Promise<number> {
  const fmt = format(v);
  const [verb, name, ...pairs] = rest;
  const method = verb === undefined ? undefined : METHODS[verb];
  if (!method || name === undefined) throw new CliError("call needs what to call: tool NAME, prompt NAME or resource URI (see --help)");
  if (method === "resources/read" && (pairs.length > 0 || v.args !== undefined)) throw new CliError("resources/read takes no arguments: give the URI only");
  if (v.server !== undefined && (v.url !== undefined || v.stdio !== undefined || v.embedded)) throw new CliError("give one target: --server, --url, --stdio or --embedded");
  const saved = v.server !== undefined ? savedServer(v.server, Object.fromEntries((v.header ?? []).map(parseHeader))) : undefined;
  const target = saved?.target ?? targetFromFlags(v);
  if (!target) throw new CliError("call needs a target: --server NAME, --url URL, --stdio \"command args\" or --embedded");
  if (v.junit !== undefined) throw new CliError("--junit goes with replay");
  let answers: CannedAnswer[] = [];
  if (v.answers !== undefined) {
    const parsed = parseAnswers(readText(v.answers, "answers file"));
    if (!parsed.ok) throw new CliError(`answers file ${v.answers}: ${parsed.error}`);
    answers = parsed.answers;
  }
  const roots = v.root ?? [];
  const interactive = io.stdin.isTTY === true && !v["no-interactive"];
  const where = describeTargetSpec(target);
  const spec = connectSpec(v, target, io, v.revision ?? saved?.revision ?? "auto", saved?.capabilities);

  return withConnection(spec, io, async (c) => {
    const schema = await checkListed(c, method, name, where);
    const args = parseArguments(v.args, pairs, schema);
    const params = method === "resources/read" ? { uri: name } : { name, arguments: method === "prompts/get" ? Object.fromEntries(Object.entries(args).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x)])) : args };
    const by: AnsweredBy = new Map();
    let unanswered: string | undefined;
    let lines: LineReader | undefined;
    const server = c.client.serverInfo?.name ?? "";
    const call = targetOf(method, name);
    const ask: Ask = async (q) => {
      const mark = (who: string): void => void by.set(byKey(q.ctx.round, q.ctx.key), who);
      const found = findCanned(answers, { server, target: call, era: q.ctx.era, key: q.ctx.key, kind: q.kind, params: q.params });
      if (found) {
        mark(`answers file: ${found.name}`);
        return structuredClone(found.response);
      }
      if (q.spec.id === "roots" && roots.length > 0) {
        mark("--root");
        return { roots: roots.map((uri) => ({ uri })) };
      }
      if (interactive) {
        lines ??= new LineReader(io.stdin, io.stderr, io.interrupt);
        const response = await askInTerminal(lines, q, `${method} ${name}`);
        mark("terminal");
        return response;
      }
      if (v["decline-unanswered"]) {
        mark("declined (--decline-unanswered)");
        if (q.spec.declined) return structuredClone(q.spec.declined);
        throw new McpError({ kind: "cancelled", message: `declined: no answer for this ${questionWords(q)} (--decline-unanswered)` });
      }
      unanswered ??= `no answer for round ${q.ctx.round} ${questionWords(q)} of ${method} ${name} on ${where}: add it to --answers, run in a terminal, or pass --decline-unanswered`;
      throw new McpError({ kind: "cancelled", message: "no answer given (see the command's error)" });
    };
    c.setAsk(ask);
    const record = await recordCall(c.client.startCall(method, params), 1, c.client.revision).finally(() => lines?.close());
    if (unanswered) throw new CliError(unanswered);
    if (!record) throw new CliError(`${method} ${name} on ${where}: the call produced no events`);
    const tasks = clientTasksOfCall(record);
    // A tool with an MCP App: named, since a terminal cannot render it (and the CLI does not declare the extension).
    const app = method === "tools/call" ? toolUi(c.client.toolSchemas.get(name)) : undefined;
    const appLine = app ? `app: ${safeText(app.resourceUri)} (an MCP App; the command line cannot render it: open the tool in the inspector to see it)` : undefined;
    const text = [callText(record, by, where), ...clientTaskLines(record), ...(appLine ? [appLine] : [])].join("\n");
    const json = { ...callJson(record, by), ...(tasks.length > 0 ? { clientTasks: tasks } : {}), ...(app ? { app: { resourceUri: app.resourceUri, visibility: app.visibility, rendered: false } } : {}) };
    io.stdout.write(`${fmt === "json" ? JSON.stringify(json, null, 2) : text}\n`);
    if (record.error) {
      const exit = c.exitText();
      throw new CliError(`${method} ${name} on ${where}: ${exit ?? oneLine(record.error.message)}${record.error.code !== undefined ? ` (code ${record.error.code})` : ""}`);
    }
    return record.result?.isError === true ? EXIT.differs : EXIT.ok;
  });
}

/** The target a session was recorded on, when the CLI can reach it itself (a URL or the embedded server). */
function recordedTarget(settings: unknown, file: string): TargetSpec {
  const t = isObject(settings) && isObject(settings.target) ? settings.target : {};
  if (t.kind === "url" && typeof t.url === "string") {
    const headers = Array.isArray(t.headers) ? (t.headers as { name?: unknown; value?: unknown }[]).filter((h) => typeof h.name === "string" && typeof h.value === "string" && h.value !== "[redacted]") : [];
    return { kind: "url", url: t.url, headers: Object.fromEntries(headers.map((h) => [String(h.name), String(h.value)])) };
  }
  if (t.kind === "embedded" && (t.server === undefined || t.server === "demo")) return { kind: "embedded" };
  const what = typeof t.kind === "string" ? t.kind : "an unknown target";
  throw new CliError(`session file ${file} was recorded on ${what}${t.kind === "stdio" && typeof t.command === "string" ? ` (${oneLine(t.command)})` : ""}: give the target with --url, --stdio or --embedded`);
}

async function runReplay(v: Values, rest: string[], io: Io): Promise<number> {
  const fmt = format(v);
  const [file, ...extra] = rest;
  if (file === undefined) throw new CliError("replay needs a session file: presa-inspector replay SESSION.json [TARGET]");
  if (extra.length > 0) throw new CliError(`replay takes one session file; unexpected ${JSON.stringify(extra[0])}`);
  if (v.answers !== undefined || v["decline-unanswered"] || v.args !== undefined) throw new CliError("replay answers with the recorded answers: --answers, --args and --decline-unanswered go with call");
  const parsed = parseSession(readText(file, "session file"));
  if (!parsed.ok) throw new CliError(`session file ${file}: ${parsed.error}`);
  const { session } = parsed;
  const calls = session.calls.filter((c) => c.method === "tools/call" || c.method === "prompts/get" || c.method === "resources/read");
  if (calls.length === 0) throw new CliError(`session file ${file}: no tools/call, prompts/get or resources/read to replay`);
  const settings = session.file.connection.settings as { capabilities?: unknown };
  const target = targetFromFlags(v) ?? recordedTarget(settings, file);
  const where = describeTargetSpec(target);
  // The recorded revision, so the replay runs in the same era; one this build does not know: auto.
  const recorded = session.file.connection.revision;
  const revision = v.revision ?? (recorded !== undefined && isRevision(recorded) ? recorded : "auto");
  const spec = connectSpec(v, target, io, revision, settings.capabilities);
  const started = Date.now();
  const times: number[] = [];
  const writeJunit = (diffs: readonly CallDiff[], error?: string): void => {
    if (v.junit === undefined) return;
    try {
      writeFileSync(v.junit, junitXml({ session: basename(file), target: where, diffs, times, seconds: (Date.now() - started) / 1000, ...(error ? { error } : {}) }));
    } catch (e) {
      throw new CliError(`--junit ${v.junit}: ${(e as Error).message}`);
    }
  };

  let diffs: CallDiff[] = [];
  try {
    diffs = await withConnection(spec, io, async (c) => {
      const host: ReplayHost = {
        connected: () => c.client.getSnapshot().status === "connected",
        run: async (method, params, answer) => {
          c.setAsk((q: Question) => {
            const d = answer({ round: q.ctx.round, key: q.ctx.key, kind: q.kind, params: q.params } satisfies ReplayQuestion);
            return d.kind === "answer" ? Promise.resolve(structuredClone(d.response)) : Promise.reject(d.error);
          });
          const t0 = Date.now();
          const record = await recordCall(c.client.startCall(method, params), 1, c.client.revision);
          times.push((Date.now() - t0) / 1000);
          // A server that died mid-replay: every later call would fail the same way; say why once.
          const exit = c.exitText();
          if (exit) throw new CliError(`replaying ${method} ${String(params.name ?? params.uri ?? "")} on ${where}: ${exit}`);
          return record;
        },
      };
      return replayCalls(host, calls);
    });
  } catch (e) {
    const error = e instanceof CliError ? e : new CliError(`replay on ${where}: ${(e as Error).message}`);
    writeJunit(diffs, error.message);
    throw error;
  }
  writeJunit(diffs);
  io.stdout.write(`${fmt === "json" ? JSON.stringify(replayJson(diffs), null, 2) : replayText(diffs)}\n`);
  return diffs.every((d) => d.same) ? EXIT.ok : EXIT.differs;
}

/** `complete`: the server's suggestions for one argument, given the others (completion/complete). */
async function runCompleteCommand(v: Values, rest: string[], io: Io): Promise<number> {
  const fmt = format(v);
  const target = targetFromFlags(v);
  if (!target) throw new CliError("complete needs a target: --url URL, --stdio \"command args\" or --embedded");
  const positional = rest.filter((w) => !/^[^=]+=/.test(w));
  const pairs = rest.filter((w) => /^[^=]+=/.test(w));
  const query = completionQueryOf(positional, parseArguments(undefined, pairs, undefined));
  const where = describeTargetSpec(target);
  return withConnection(connectSpec(v, target, io, v.revision ?? "auto"), io, async (c) => {
    const s = await runComplete(c, query, where);
    io.stdout.write(`${fmt === "json" ? JSON.stringify(s, null, 2) : suggestionsText(s)}\n`);
    return EXIT.ok;
  });
}

/** Runs the command line; resolves with the exit code (never rejects). */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    } catch (e) {
      throw new CliError(`${(e as Error).message.replace(/\. To specify.*$/s, "")} (see --help)`);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (values.version) {
      io.stdout.write(`presa-inspector ${DEFAULT_CLIENT_INFO.version}\n`);
      return EXIT.ok;
    }
    const [command, ...rest] = positionals;
    if (command === "call") return await runCall(values, rest, io);
    if (command === "replay") return await runReplay(values, rest, io);
    if (command === "complete") return await runCompleteCommand(values, rest, io);
    throw new CliError(command === undefined ? "give a command: call, complete or replay (see --help)" : `unknown command ${JSON.stringify(command)}: call, complete or replay (see --help)`);
  } catch (e) {
    const error = e instanceof CliError ? e : new CliError(e instanceof Error ? e.message : String(e));
    io.stderr.write(`presa-inspector: ${oneLine(error.message)}\n`);
    return error.exitCode;
  }
}
