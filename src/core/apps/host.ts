/**
 * The host side of the MCP Apps protocol (SEP-1865, "Communication Protocol"): a JSON-RPC peer over
 * postMessage that answers the app's requests, sends it the tool's input and result, and tears it
 * down. It knows nothing of frames or the DOM: the page posts what `post` is given and feeds
 * `receive` with what the sandbox relayed, so the same host runs in Node against the official App
 * SDK (test/apps/host.test.ts) and in the browser behind the sandbox proxy.
 *
 * Everything the app sends is untrusted: a malformed message is answered with an error (or dropped
 * when it cannot be answered), a call the rules refuse is answered with an error and reported as a
 * refusal, a flood of messages stops the app.
 */
import { isObject } from "../util/isObject";
import type { Implementation, Tool } from "../protocol/types";
import { toolVisibility } from "./meta";

/** The revision of MCP Apps this host speaks. */
export const APPS_PROTOCOL_VERSION = "2026-01-26";

export type DisplayMode = "inline" | "fullscreen" | "pip";
const DISPLAY_MODES: readonly DisplayMode[] = ["inline", "fullscreen", "pip"];

/** What the host tells the app about where it runs (`hostContext`). */
export interface AppHostContext {
  theme?: "light" | "dark";
  displayMode?: DisplayMode;
  availableDisplayModes?: DisplayMode[];
  containerDimensions?: { width?: number; maxWidth?: number; height?: number; maxHeight?: number };
  locale?: string;
  timeZone?: string;
  platform?: "web";
  toolInfo?: { id?: string | number; tool: Tool };
  [key: string]: unknown;
}

type Message = Record<string, unknown>;

/** Why the host refused something the app asked or did. */
/** Why the host refused something the app asked or did; "contained": the browser blocked it (a report from the sandbox). */
export type RefusalKind = "visibility" | "unknownTool" | "method" | "badMessage" | "flood" | "size" | "link" | "displayMode" | "contained";

export interface AppRefusal {
  kind: RefusalKind;
  method: string;
  reason: string;
  at: number;
}

/** What the host saw happen, for the log and the app panel. */
export type AppHostEvent =
  | { type: "frame"; direction: "toApp" | "fromApp"; message: Message; at: number }
  | { type: "refused"; refusal: AppRefusal }
  | { type: "initialized"; appInfo: Implementation | undefined; at: number }
  | { type: "size"; width: number | undefined; height: number | undefined; capped: boolean }
  | { type: "message"; params: Message; at: number }
  | { type: "modelContext"; params: Message; at: number }
  | { type: "log"; params: Message; at: number }
  | { type: "displayMode"; mode: DisplayMode }
  | { type: "teardownRequested" }
  | { type: "stopped"; reason: string };

export interface AppHostOptions {
  /** Sends a message to the app (through the sandbox proxy). */
  post(message: Message): void;
  hostInfo: Implementation;
  /** The context at initialize; later changes go through setHostContext. */
  hostContext: AppHostContext;
  /** The tools of the app's server as listed, to apply their visibility. */
  toolFor(name: string): Tool | undefined;
  /** Runs a tools/call for the app (after the visibility check) and resolves with its result. */
  callTool(params: Message): Promise<Message>;
  /** Runs a resources/read for the app. */
  readResource(params: Message): Promise<Message>;
  /** Shows the URL to the user; resolves true when the user opened it. */
  openLink(url: string): Promise<boolean>;
  onEvent(event: AppHostEvent): void;
  now(): number;
  /** Frames per second the app may send before it is stopped (default 200). */
  floodLimit?: number;
  /** The tallest the app may make itself, in CSS pixels (default 2000). */
  maxHeight?: number;
  /** How long teardown waits for the app's answer, in ms (default 3000). */
  teardownTimeoutMs?: number;
  setTimer?(fn: () => void, ms: number): () => void;
}

const JSONRPC_INVALID_REQUEST = -32600;
const JSONRPC_METHOD_NOT_FOUND = -32601;
const JSONRPC_INVALID_PARAMS = -32602;
/** The specification's implementation-defined error for a refused request. */
const REFUSED = -32000;

class Refused extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly code = REFUSED,
  ) {
    super(message);
  }
}

/** How many size changes past the height cap an app may ask before it counts as an endless resize. */
export const MAX_CAPPED_SIZES = 10;

/** An http(s) URL the host would show the user, or why not. */
export function linkProblem(url: unknown): string | undefined {
  if (typeof url !== "string") return "the URL is not a string";
  if (url.length > 4096) return "the URL is longer than 4096 characters";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "not a URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return `only http and https links open (this is ${parsed.protocol})`;
  if (parsed.username || parsed.password) return "the URL carries a user name or password";
  return undefined;
}

export class AppHost {
  readonly #o: AppHostOptions;
  #context: AppHostContext;
  #initialized = false;
  #stopped: string | undefined;
  /** Notifications held until the app says it is initialized (the specification forbids sending earlier). */
  #queue: Message[] = [];
  #nextId = 1;
  readonly #pending = new Map<number, (m: Message) => void>();
  #windowStart = 0;
  #windowCount = 0;
  #appInfo: Implementation | undefined;
  #appModes: DisplayMode[] | undefined;
  #inputSent = false;
  #capped = 0;

  constructor(options: AppHostOptions) {
    this.#o = options;
    this.#context = { ...options.hostContext };
  }

  get initialized(): boolean {
    return this.#initialized;
  }
  get stopped(): string | undefined {
    return this.#stopped;
  }
  get appInfo(): Implementation | undefined {
    return this.#appInfo;
  }
  get context(): AppHostContext {
    return this.#context;
  }

  #send(message: Message): void {
    if (this.#stopped) return;
    this.#o.onEvent({ type: "frame", direction: "toApp", message, at: this.#o.now() });
    this.#o.post(message);
  }

  #notify(method: string, params: Message): void {
    const message = { jsonrpc: "2.0", method, params };
    if (this.#initialized) this.#send(message);
    else this.#queue.push(message);
  }

  #refuse(kind: RefusalKind, method: string, reason: string): void {
    this.#o.onEvent({ type: "refused", refusal: { kind, method, reason, at: this.#o.now() } });
  }

  /** Stops talking to the app for good (a flood, a teardown); the page removes its frame. */
  stop(reason: string): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    for (const resolve of this.#pending.values()) resolve({ error: { code: REFUSED, message: reason } });
    this.#pending.clear();
    this.#queue = [];
    this.#o.onEvent({ type: "stopped", reason });
  }

  /** True while the app stays under the flood limit; the first frame over it stops the app. */
  #withinBudget(): boolean {
    const now = this.#o.now();
    if (now - this.#windowStart >= 1000) {
      this.#windowStart = now;
      this.#windowCount = 0;
    }
    this.#windowCount++;
    const limit = this.#o.floodLimit ?? 200;
    if (this.#windowCount <= limit) return true;
    const reason = `more than ${limit} messages in one second: the app was stopped`;
    this.#refuse("flood", "*", reason);
    this.stop(reason);
    return false;
  }

  /** One message relayed from the app. Never throws. */
  receive(data: unknown): void {
    if (this.#stopped) return;
    if (!this.#withinBudget()) return;
    const at = this.#o.now();
    if (!isObject(data) || data.jsonrpc !== "2.0") {
      this.#o.onEvent({ type: "frame", direction: "fromApp", message: isObject(data) ? data : { value: String(data).slice(0, 200) }, at });
      this.#refuse("badMessage", "", "not a JSON-RPC 2.0 message");
      return;
    }
    this.#o.onEvent({ type: "frame", direction: "fromApp", message: data, at });
    const id = data.id;
    const hasId = typeof id === "string" || typeof id === "number";
    if (typeof data.method === "string") {
      const params = isObject(data.params) ? data.params : {};
      if (hasId) void this.#answer(id, data.method, params);
      else this.#onNotification(data.method, params);
      return;
    }
    if (typeof id === "number" && ("result" in data || "error" in data)) {
      const resolve = this.#pending.get(id);
      this.#pending.delete(id);
      resolve?.(data);
      return;
    }
    this.#refuse("badMessage", "", "neither a request, a notification nor a response to the host");
    if (hasId) this.#send({ jsonrpc: "2.0", id, error: { code: JSONRPC_INVALID_REQUEST, message: "invalid request" } });
  }

  async #answer(id: string | number, method: string, params: Message): Promise<void> {
    let reply: Message;
    try {
      reply = { jsonrpc: "2.0", id, result: await this.#handle(method, params) };
    } catch (e) {
      const refused = e instanceof Refused ? e : undefined;
      if (refused) this.#refuse(refused.kind, method, refused.message);
      const message = refused?.message ?? (e instanceof Error ? e.message : String(e));
      const code = refused?.code ?? (isObject(e) && typeof e.code === "number" ? e.code : REFUSED);
      reply = { jsonrpc: "2.0", id, error: { code, message, ...(isObject(e) && "data" in e && e.data !== undefined ? { data: e.data } : {}) } };
    }
    this.#send(reply);
  }

  async #handle(method: string, params: Message): Promise<Message> {
    switch (method) {
      case "ui/initialize":
        return this.#initialize(params);
      case "ping":
        return {};
      case "tools/call":
        return this.#callTool(params);
      case "resources/read": {
        if (typeof params.uri !== "string") throw new Refused("badMessage", "resources/read needs a uri", JSONRPC_INVALID_PARAMS);
        return this.#o.readResource({ uri: params.uri });
      }
      case "ui/open-link":
        return this.#openLink(params);
      case "ui/message":
        this.#o.onEvent({ type: "message", params, at: this.#o.now() });
        return {};
      case "ui/update-model-context":
        this.#o.onEvent({ type: "modelContext", params, at: this.#o.now() });
        return {};
      case "ui/request-display-mode":
        return this.#displayMode(params);
      default:
        throw new Refused("method", `the host does not offer ${method.slice(0, 100)}`, JSONRPC_METHOD_NOT_FOUND);
    }
  }

  #initialize(params: Message): Message {
    this.#appInfo = isObject(params.appInfo) && typeof params.appInfo.name === "string" ? (params.appInfo as unknown as Implementation) : undefined;
    const caps = isObject(params.appCapabilities) ? params.appCapabilities : {};
    this.#appModes = Array.isArray(caps.availableDisplayModes) ? caps.availableDisplayModes.filter((m): m is DisplayMode => DISPLAY_MODES.includes(m as DisplayMode)) : undefined;
    return {
      protocolVersion: APPS_PROTOCOL_VERSION,
      hostInfo: this.#o.hostInfo,
      hostCapabilities: {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        // Shown to the user (the inspector has no model), so every modality is accepted.
        message: { text: {}, image: {}, audio: {}, resource: {}, resourceLink: {} },
        updateModelContext: { text: {}, image: {}, audio: {}, resource: {}, resourceLink: {}, structuredContent: {} },
      },
      hostContext: this.#context,
    };
  }

  async #callTool(params: Message): Promise<Message> {
    const name = params.name;
    if (typeof name !== "string") throw new Refused("badMessage", "tools/call needs a tool name", JSONRPC_INVALID_PARAMS);
    const tool = this.#o.toolFor(name);
    if (!tool) throw new Refused("unknownTool", `no tool named ${JSON.stringify(name.slice(0, 100))} on this server`, JSONRPC_INVALID_PARAMS);
    if (!toolVisibility(tool).includes("app")) throw new Refused("visibility", `${name} is not visible to apps (its _meta.ui.visibility is ${JSON.stringify(toolVisibility(tool))})`);
    const args = params.arguments === undefined ? {} : params.arguments;
    if (!isObject(args)) throw new Refused("badMessage", "tools/call arguments must be an object", JSONRPC_INVALID_PARAMS);
    return this.#o.callTool({ name, arguments: args });
  }

  async #openLink(params: Message): Promise<Message> {
    const problem = linkProblem(params.url);
    if (problem) throw new Refused("link", problem, JSONRPC_INVALID_PARAMS);
    const opened = await this.#o.openLink(params.url as string);
    if (!opened) throw new Refused("link", "Link opening denied by user");
    return {};
  }

  #displayMode(params: Message): Message {
    const asked = params.mode;
    const current = this.#context.displayMode ?? "inline";
    const hostModes = this.#context.availableDisplayModes ?? ["inline"];
    const ok = DISPLAY_MODES.includes(asked as DisplayMode) && hostModes.includes(asked as DisplayMode) && (this.#appModes === undefined || this.#appModes.includes(asked as DisplayMode));
    if (!ok) {
      this.#refuse("displayMode", "ui/request-display-mode", `${JSON.stringify(asked)} is not a mode both the host and the app offer; it stays ${current}`);
      return { mode: current };
    }
    const mode = asked as DisplayMode;
    if (mode !== current) {
      this.#context = { ...this.#context, displayMode: mode };
      this.#o.onEvent({ type: "displayMode", mode });
      this.#notify("ui/notifications/host-context-changed", { displayMode: mode });
    }
    return { mode };
  }

  #onNotification(method: string, params: Message): void {
    switch (method) {
      case "ui/notifications/initialized": {
        if (this.#initialized) return;
        this.#initialized = true;
        this.#o.onEvent({ type: "initialized", appInfo: this.#appInfo, at: this.#o.now() });
        const queued = this.#queue;
        this.#queue = [];
        for (const m of queued) this.#send(m);
        return;
      }
      case "ui/notifications/size-changed":
        return this.#onSize(params);
      case "ui/notifications/request-teardown":
        this.#o.onEvent({ type: "teardownRequested" });
        return;
      case "notifications/message":
        this.#o.onEvent({ type: "log", params, at: this.#o.now() });
        return;
      default:
        this.#refuse("method", method.slice(0, 100), `the host does not handle the notification ${method.slice(0, 100)}`);
    }
  }

  #onSize(params: Message): void {
    const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);
    const width = num(params.width);
    let height = num(params.height);
    const max = this.#o.maxHeight ?? 2000;
    let capped = false;
    if (height !== undefined && height > max) {
      this.#capped++;
      this.#refuse("size", "ui/notifications/size-changed", `asked for ${Math.round(height)} px of height; capped at ${max} px`);
      height = max;
      capped = true;
      // An app that keeps growing past the cap would resize forever (and fill the log): it is stopped.
      if (this.#capped > MAX_CAPPED_SIZES) {
        this.stop(`asked ${this.#capped} times to grow past ${max} px: an endless resize, the app was stopped`);
        return;
      }
    }
    this.#o.onEvent({ type: "size", width, height, capped });
  }

  /** The tool's arguments as they stream (before sendToolInput); dropped once the full input went. */
  sendToolInputPartial(args: Message): void {
    if (!this.#inputSent) this.#notify("ui/notifications/tool-input-partial", { arguments: args });
  }
  /**
   * The arguments as a model streaming them would show them (partialArguments: tool-input-partial
   * snapshots), then complete (tool-input). The inspector's user is the agent here: the app sees
   * the same sequence of notifications a streaming host gives it.
   */
  streamToolInput(args: Message): void {
    for (const partial of partialArguments(args)) this.sendToolInputPartial(partial);
    this.sendToolInput(args);
  }
  /** The tool's complete arguments, at most once. */
  sendToolInput(args: Message): void {
    if (this.#inputSent) return;
    this.#inputSent = true;
    this.#notify("ui/notifications/tool-input", { arguments: args });
  }
  sendToolResult(result: Message): void {
    this.#notify("ui/notifications/tool-result", result);
  }
  sendToolCancelled(reason: string): void {
    this.#notify("ui/notifications/tool-cancelled", { reason });
  }
  /** Merges a change into the context and tells the app (only the fields that changed). */
  setHostContext(patch: Partial<AppHostContext>): void {
    const changed: Message = {};
    for (const [k, v] of Object.entries(patch)) {
      if (JSON.stringify(this.#context[k]) !== JSON.stringify(v)) changed[k] = v;
    }
    if (Object.keys(changed).length === 0) return;
    this.#context = { ...this.#context, ...changed };
    this.#notify("ui/notifications/host-context-changed", changed);
  }

  /**
   * Asks the app to wind down (`ui/resource-teardown`) and waits for its answer, at most
   * teardownTimeoutMs, then stops. An app that never initialized is simply stopped.
   */
  async teardown(reason: string): Promise<void> {
    if (this.#stopped) return;
    if (!this.#initialized) return this.stop(reason);
    const id = this.#nextId++;
    const answered = new Promise<Message>((resolve) => this.#pending.set(id, resolve));
    this.#send({ jsonrpc: "2.0", id, method: "ui/resource-teardown", params: { reason } });
    const setTimer = this.#o.setTimer ?? ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
    let clear: () => void = () => undefined;
    const timedOut = new Promise<Message>((resolve) => {
      clear = setTimer(() => resolve({ error: { message: "no answer" } }), this.#o.teardownTimeoutMs ?? 3000);
    });
    await Promise.race([answered, timedOut]);
    clear();
    this.#pending.delete(id);
    this.stop(reason);
  }
}

/** Strings shorter than this arrive whole in one snapshot; longer ones also show half-way. */
const PARTIAL_STRING_MIN = 8;

/**
 * What an app sees of `args` while a model streams their JSON: the best-effort recovery of each
 * prefix, with unclosed structures closed (the specification's words for tool-input-partial). One
 * snapshot per cut: the empty object, then each top-level key as it completes, with a long string
 * value first cut half-way. The complete arguments are not among them: they go as tool-input.
 */
export function partialArguments(args: Message): Message[] {
  const out: Message[] = [{}];
  const sofar: Message = {};
  const keys = Object.keys(args);
  keys.forEach((key, i) => {
    const value = args[key];
    if (typeof value === "string" && value.length >= PARTIAL_STRING_MIN) out.push({ ...sofar, [key]: value.slice(0, Math.ceil(value.length / 2)) });
    sofar[key] = value;
    if (i < keys.length - 1) out.push({ ...sofar });
  });
  return out;
}
