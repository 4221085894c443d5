// src/core/protocol/codes.ts
var ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Legacy (≤2025-11-25) resource not found; 2026 clients still accept it. */
  ResourceNotFound: -32002,
  /** 2025-11-25 only. */
  UrlElicitationRequired: -32042,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  /** Suggested legacy code for a user who rejects a sampling request. */
  UserRejected: -1
};
function errorCodeName(code) {
  for (const [name, value] of Object.entries(ErrorCode)) if (value === code) return name;
  return void 0;
}

// src/core/jsonrpc/errors.ts
var McpError = class _McpError extends Error {
  kind;
  code;
  data;
  /** HTTP status, when the failure came with one. */
  status;
  constructor(init) {
    super(init.message, init.cause === void 0 ? void 0 : { cause: init.cause });
    this.name = "McpError"; globalThis.__hook?.(this);
    this.kind = init.kind;
    this.code = init.code;
    this.data = init.data;
    this.status = init.status;
  }
  /** A JSON-RPC error object from the peer becomes a `protocol` error with its code and data kept. */
  static fromRpc(error, status) {
    const name = errorCodeName(error.code);
    return new _McpError({
      kind: "protocol",
      message: error.message,
      code: error.code,
      data: error.data,
      status,
      cause: name
    });
  }
  toJson() {
    return this.data === void 0 ? { code: this.code ?? -32603, message: this.message } : { code: this.code ?? -32603, message: this.message, data: this.data };
  }
};
function toMcpError(e, kind = "transport") {
  if (e instanceof McpError) return e;
  if (e instanceof Error && e.name === "AbortError") return new McpError({ kind: "cancelled", message: "cancelled", cause: e });
  return new McpError({ kind, message: e instanceof Error ? e.message : String(e), cause: e });
}

// src/core/jsonrpc/events.ts
var Emitter = class {
  #listeners = /* @__PURE__ */ new Set();
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  /** A throwing listener must not stop the others or the core; it is reported and skipped. */
  emit(event) {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (e) {
        console.error("listener failed", e);
      }
    }
  }
  get size() {
    return this.#listeners.size;
  }
  clear() {
    this.#listeners.clear();
  }
};

// src/core/protocol/types.ts
var INPUT_KINDS = ["elicitation/create", "sampling/createMessage", "roots/list"];
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/jsonrpc/messages.ts
function isId(value) {
  return typeof value === "string" || typeof value === "number" && Number.isInteger(value);
}
function isRequest(m) {
  return isObject(m) && typeof m.method === "string" && isId(m.id) && (m.params === void 0 || isObject(m.params));
}
function isNotification(m) {
  return isObject(m) && typeof m.method === "string" && !("id" in m) && (m.params === void 0 || isObject(m.params));
}
function isResultResponse(m) {
  return isObject(m) && isId(m.id) && isObject(m.result) && !("method" in m);
}
function isErrorResponse(m) {
  return isObject(m) && isObject(m.error) && typeof m.error.code === "number" && typeof m.error.message === "string" && !("method" in m);
}
function isResponse(m) {
  return isResultResponse(m) || isErrorResponse(m);
}
function isMessage(m) {
  return isObject(m) && m.jsonrpc === "2.0" && (isRequest(m) || isNotification(m) || isResponse(m));
}
function parseFrame(text2) {
  let value;
  try {
    value = JSON.parse(text2);
  } catch (e) {
    return { ok: false, reason: `not JSON: ${e.message}` };
  }
  if (Array.isArray(value)) return { ok: false, reason: "JSON-RPC batches are not supported" };
  if (!isMessage(value)) return { ok: false, reason: "not a JSON-RPC 2.0 message" };
  return { ok: true, message: value };
}
function request(id, method, params) {
  return params === void 0 ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}
function notification(method, params) {
  return params === void 0 ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}
function resultResponse(id, result) {
  return { jsonrpc: "2.0", id, result };
}
function errorResponse(id, error) {
  return { jsonrpc: "2.0", id, error };
}

// src/core/jsonrpc/connection.ts
var systemClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle)
};
var Connection = class _Connection {
  frames = new Emitter();
  #pending = /* @__PURE__ */ new Map();
  #options;
  #clock;
  #counter = 0;
  #closed;
  constructor(options) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }
  get closed() {
    return this.#closed !== void 0;
  }
  /** Wires a transport's events to this connection and returns the undo. */
  static over(transport, options) {
    const connection = new _Connection({ ...options, send: (m, o) => transport.send(m, o) });
    const detach = transport.subscribe((event) => {
      if (event.type === "message") connection.receive(event.message, event);
      else if (event.type === "error") connection.receiveBroken(event.raw, event.error, event.relatedRequestId);
      else connection.close(new McpError({ kind: "closed", message: `connection closed${event.reason ? `: ${event.reason}` : ""}` }));
    });
    return { connection, detach };
  }
  newId() {
    return this.#options.nextId ? this.#options.nextId() : ++this.#counter;
  }
  /** Sends a request and resolves with its result; a JSON-RPC error rejects as kind `protocol`. */
  request(method, params, options = {}) {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = options.id ?? this.newId();
    const message = request(id, method, params);
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#settle(id, void 0, new McpError({ kind: "cancelled", message: `${method} was cancelled` }));
      const entry = {
        method,
        startedAt: this.#clock.now(),
        resolve,
        reject,
        holds: 0,
        cleanup: () => options.signal?.removeEventListener("abort", onAbort)
      };
      if (options.timeoutMs !== void 0) entry.timeoutMs = options.timeoutMs;
      this.#pending.set(id, entry);
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.#arm(id, entry);
      this.#write(message, options).catch((e) => this.#settle(id, void 0, toMcpError(e)));
    });
  }
  notify(method, params, options) {
    if (this.#closed) return Promise.reject(this.#closed);
    return this.#write(notification(method, params), options);
  }
  /** Holds a pending request's timeout, e.g. while a person answers a form the request waits on. */
  hold(id) {
    const entry = this.#pending.get(id);
    if (!entry) return () => void 0;
    entry.holds++;
    if (entry.timer !== void 0) this.#clock.clearTimeout(entry.timer);
    entry.timer = void 0;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.holds--;
      if (this.#pending.get(id) === entry) this.#arm(id, entry);
    };
  }
  /** Fails one pending request from outside, e.g. when its HTTP stream broke. */
  fail(id, error) {
    this.#settle(id, void 0, error);
  }
  isPending(id) {
    return this.#pending.has(id);
  }
  pendingMethod(id) {
    return this.#pending.get(id)?.method;
  }
  /** Takes one parsed message from the peer. */
  receive(message, context = {}) {
    const raw = context.raw ?? JSON.stringify(message);
    const frame = { direction: "in", message, raw, size: byteLength(raw), at: this.#clock.now() };
    if (context.relatedRequestId !== void 0) frame.relatedRequestId = context.relatedRequestId;
    if (isResultResponse(message) || isErrorResponse(message) && message.id != null) {
      const id = message.id;
      const entry = this.#pending.get(id);
      frame.relatedRequestId = id;
      if (entry) {
        frame.method = entry.method;
        frame.latencyMs = frame.at - entry.startedAt;
      }
      this.frames.emit(frame);
      if (isResultResponse(message)) this.#settle(id, message.result, void 0);
      else this.#settle(id, void 0, McpError.fromRpc(message.error));
      return;
    }
    this.frames.emit(frame);
    if (isRequest(message)) void this.#answer(message, context);
    else if (isNotification(message)) this.#options.onNotification?.(message, context);
  }
  /**
   * Takes a transport failure. With `raw`, a frame that could not be parsed: it is logged and, since
   * one bad frame on a stream may be followed by good ones, fails nothing by itself. Without `raw`,
   * the stream of `relatedRequestId` broke, so that request can no longer be answered and fails.
   */
  receiveBroken(raw, error, relatedRequestId) {
    if (raw !== void 0) {
      const frame = { direction: "in", message: void 0, raw, size: byteLength(raw), at: this.#clock.now(), error: error.message };
      if (relatedRequestId !== void 0) frame.relatedRequestId = relatedRequestId;
      this.frames.emit(frame);
      return;
    }
    if (relatedRequestId !== void 0) this.fail(relatedRequestId, error);
  }
  /** Rejects every pending request; later calls fail at once. */
  close(error = new McpError({ kind: "closed", message: "connection closed" })) {
    if (this.#closed) return;
    this.#closed = error;
    for (const id of [...this.#pending.keys()]) this.#settle(id, void 0, error);
  }
  async #answer(message, context) {
    const handler = this.#options.onRequest;
    let reply;
    if (!handler) {
      reply = errorResponse(message.id, { code: ErrorCode.MethodNotFound, message: `method not found: ${message.method}` });
    } else {
      try {
        reply = resultResponse(message.id, await handler(message, context));
      } catch (e) {
        const error = toMcpError(e, "protocol");
        reply = errorResponse(message.id, error.code === void 0 ? { code: ErrorCode.InternalError, message: error.message } : error.toJson());
      }
    }
    if (this.#closed) return;
    await this.#write(reply, { relatedRequestId: message.id }, message.method).catch((e) => {
      console.warn(`could not answer ${message.method}:`, toMcpError(e).message);
    });
  }
  /** `answers`: for a reply, the method of the request it answers (Frame.method, on both directions). */
  async #write(message, options, answers) {
    const raw = JSON.stringify(message);
    const frame = { direction: "out", message, raw, size: byteLength(raw), at: this.#clock.now() };
    if (answers !== void 0) frame.method = answers;
    if ("id" in message && message.id != null) frame.relatedRequestId = message.id;
    else if (options?.relatedRequestId !== void 0) frame.relatedRequestId = options.relatedRequestId;
    this.frames.emit(frame);
    await this.#options.send(message, options);
  }
  #arm(id, entry) {
    if (entry.timeoutMs === void 0 || entry.holds > 0) return;
    const ms = entry.timeoutMs;
    entry.timer = this.#clock.setTimeout(
      () => this.#settle(id, void 0, new McpError({ kind: "timeout", message: `${entry.method} got no answer in ${ms} ms` })),
      ms
    );
  }
  #settle(id, result, error) {
    const entry = this.#pending.get(id);
    if (!entry) return;
    this.#pending.delete(id);
    if (entry.timer !== void 0) this.#clock.clearTimeout(entry.timer);
    entry.cleanup();
    if (error) entry.reject(error);
    else entry.resolve(result ?? {});
  }
};
var encoder = new TextEncoder();
function byteLength(text2) {
  return encoder.encode(text2).length;
}

// src/core/protocol/revisions.ts
var REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
var FIRST_MODERN = "2026-07-28";
var REVISIONS_NEWEST_FIRST = [...REVISIONS].reverse();
function isRevision(value) {
  return typeof value === "string" && REVISIONS.includes(value);
}
function eraOf(revision) {
  return revision >= FIRST_MODERN ? "modern" : "legacy";
}
function newestFirst(revisions) {
  return [...new Set(revisions)].filter(isRevision).sort((a, b) => a < b ? 1 : a > b ? -1 : 0);
}
function bestMutual(ours, theirs) {
  const set = new Set(theirs);
  return newestFirst(ours).find((r) => set.has(r));
}
function hasElicitation(revision) {
  return revision >= "2025-06-18";
}
function hasUrlElicitation(revision) {
  return revision >= "2025-11-25";
}
function sendsVersionHeader(revision) {
  return revision >= "2025-06-18";
}

// src/core/protocol/capabilities.ts
function elicitationMode(request2) {
  if (request2.method !== "elicitation/create") return void 0;
  const params = request2.params;
  return params?.mode === "url" ? "url" : "form";
}
function requiredCapability(request2) {
  switch (request2.method) {
    case "elicitation/create":
      return elicitationMode(request2) === "url" ? { elicitation: { url: {} } } : { elicitation: { form: {} } };
    case "sampling/createMessage":
      return samplingNeedsTools(request2) ? { sampling: { tools: {} } } : { sampling: {} };
    case "roots/list":
      return { roots: {} };
  }
}
function samplingNeedsTools(request2) {
  const params = request2.params;
  return params?.tools !== void 0 || params?.toolChoice !== void 0;
}
function covers(declared, request2) {
  if (!declared) return false;
  switch (request2.method) {
    case "elicitation/create": {
      const e = declared.elicitation;
      if (!isObject(e)) return false;
      const mode = elicitationMode(request2);
      const formOnly = e.form === void 0 && e.url === void 0;
      return mode === "url" ? isObject(e.url) : formOnly || isObject(e.form);
    }
    case "sampling/createMessage": {
      const s = declared.sampling;
      return isObject(s) && (!samplingNeedsTools(request2) || isObject(s.tools));
    }
    case "roots/list":
      return isObject(declared.roots);
  }
}
function mergeCapabilities(...parts) {
  const out = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      out[key] = isObject(prev) && isObject(value) ? { ...prev, ...value } : value;
    }
  }
  return out;
}
function capabilitiesFor(revision, caps) {
  const out = { ...caps };
  if (!hasElicitation(revision)) delete out.elicitation;
  else if (!hasUrlElicitation(revision) && out.elicitation) out.elicitation = {};
  if (revision < "2025-11-25" && isObject(out.sampling)) out.sampling = {};
  if (revision < "2025-11-25") delete out.extensions;
  if (revision >= "2026-07-28" && isObject(out.roots)) out.roots = {};
  return out;
}

// src/core/protocol/meta.ts
var META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
  subscriptionId: "io.modelcontextprotocol/subscriptionId"
};
var INPUT_METHODS = ["tools/call", "prompts/get", "resources/read"];
function isInputMethod(method) {
  return INPUT_METHODS.includes(method);
}

// src/core/transport/headers.ts
var NAME_SOURCES = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri"
};
function mcpNameOf(message) {
  if (!("method" in message)) return void 0;
  const source = NAME_SOURCES[message.method];
  const value = source === void 0 ? void 0 : message.params?.[source];
  return typeof value === "string" ? value : void 0;
}
var SENTINEL_PREFIX = "=?base64?";
var SENTINEL_SUFFIX = "?=";
function isPlainSafe(value) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 32 || code > 126) return false;
  }
  if (value.startsWith(" ") || value.endsWith(" ")) return false;
  return !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX));
}
function base64Utf8(value) {
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
function encodeHeaderValue(value) {
  return isPlainSafe(value) ? value : `${SENTINEL_PREFIX}${base64Utf8(value)}${SENTINEL_SUFFIX}`;
}
var PRIMITIVES = /* @__PURE__ */ new Set(["string", "integer", "boolean"]);
var TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
var SINGLE = ["items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "contains", "propertyNames", "not", "if", "then", "else"];
var LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
var MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
var VALUE_KEYWORDS = ["const", "default"];
function collectAnnotations(schema, path = [], out = []) {
  if (!isObject(schema)) return out;
  if ("x-mcp-header" in schema) out.push({ path, schema, header: schema["x-mcp-header"] });
  for (const key of SINGLE) if (isObject(schema[key])) collectAnnotations(schema[key], [...path, key], out);
  for (const key of LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => collectAnnotations(sub, [...path, key, String(i)], out));
  }
  for (const key of MAPS) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) collectAnnotations(sub, [...path, key, name], out);
  }
  return out;
}
function isStaticallyReachable(path) {
  if (path.length === 0 || path.length % 2 !== 0) return false;
  return path.every((step, i) => i % 2 === 1 || step === "properties");
}
function isUnsafeInteger(value) {
  return typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value);
}
function annotationProblem(a) {
  const where = a.path.length === 0 ? "the schema root" : a.path.join(".");
  if (!isStaticallyReachable(a.path)) return `x-mcp-header at ${where} is not reachable through properties alone`;
  if (typeof a.header !== "string") return `x-mcp-header at ${where} is not a string`;
  if (a.header === "") return `x-mcp-header at ${where} is empty`;
  if (!TOKEN.test(a.header)) return `x-mcp-header ${JSON.stringify(a.header)} at ${where} is not an RFC 9110 token`;
  const type = a.schema.type;
  if (typeof type !== "string" || !PRIMITIVES.has(type)) {
    return `x-mcp-header ${JSON.stringify(a.header)} at ${where} is on type ${JSON.stringify(type ?? null)}, not string, integer or boolean`;
  }
  if (type === "integer") {
    const values = [...VALUE_KEYWORDS.map((k) => a.schema[k]), ...Array.isArray(a.schema.enum) ? a.schema.enum : []];
    if (values.some(isUnsafeInteger)) return `x-mcp-header ${JSON.stringify(a.header)} at ${where} allows integers beyond \xB1(2^53\u22121)`;
  }
  return void 0;
}
function validateToolHeaders(tool) {
  const seen = /* @__PURE__ */ new Map();
  for (const annotation of collectAnnotations(tool.inputSchema)) {
    const problem = annotationProblem(annotation);
    if (problem !== void 0) return { ok: false, reason: problem };
    const header2 = annotation.header;
    const earlier = seen.get(header2.toLowerCase());
    if (earlier !== void 0) {
      return { ok: false, reason: `x-mcp-header ${JSON.stringify(header2)} repeats ${JSON.stringify(earlier)} (names are case-insensitive)` };
    }
    seen.set(header2.toLowerCase(), header2);
  }
  return { ok: true };
}
function headerText(type, value) {
  if (type === "string" && typeof value === "string") return value;
  if (type === "integer" && typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (type === "boolean" && typeof value === "boolean") return value ? "true" : "false";
  return void 0;
}
function paramHeaders(inputSchema, args) {
  const headers = {};
  const walk = (schema, value) => {
    if (!isObject(schema) || !isObject(schema.properties) || !isObject(value)) return;
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (!isObject(sub) || !Object.hasOwn(value, name)) continue;
      const child = value[name];
      const header2 = sub["x-mcp-header"];
      if (typeof header2 === "string" && TOKEN.test(header2)) {
        const text2 = headerText(sub.type, child);
        if (text2 !== void 0) headers[`Mcp-Param-${header2}`] = encodeHeaderValue(text2);
      }
      walk(sub, child);
    }
  };
  walk(inputSchema, args);
  return headers;
}

// src/core/state/format.ts
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import canonicalize from "canonicalize";
var TOKEN_PREFIX = "p1";
var DIGEST_EXCLUDED_PARAMS = ["inputResponses", "requestState", "_meta"];
var URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
var STD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function lookupTable(alphabet) {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
var URL_TABLE = lookupTable(URL_ALPHABET);
var STD_TABLE = lookupTable(STD_ALPHABET);
function base64urlEncode(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] ?? 0) << 16 | (bytes[i + 1] ?? 0) << 8 | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += URL_ALPHABET[n >> 18 - 6 * k & 63];
  }
  return out;
}
function decodeBody(text2, table) {
  if (text2.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor(text2.length * 3 / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text2.length; i++) {
    const code = text2.charCodeAt(i);
    const value = code < 128 ? table[code] ?? -1 : -1;
    if (value < 0) return null;
    acc = (acc << 6 | value) & 16777215;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = acc >> bits & 255;
    }
  }
  if ((acc & (1 << bits) - 1) !== 0) return null;
  return out;
}
function base64urlDecode(text2) {
  return decodeBody(text2, URL_TABLE);
}
function base64Decode(text2) {
  if (text2.endsWith("=")) {
    if (text2.length % 4 !== 0) return null;
    const body = text2.endsWith("==") ? text2.slice(0, -2) : text2.slice(0, -1);
    if (body.length % 4 === 0) return null;
    return decodeBody(body, STD_TABLE);
  }
  return decodeBody(text2, STD_TABLE);
}
var encoder2 = new TextEncoder();
function utf8DecodeStrict(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
function parseJsonText(text2) {
  try {
    return JSON.parse(text2);
  } catch {
    return void 0;
  }
}
function isJsonValue(value) {
  const stack = [value];
  const seen = /* @__PURE__ */ new Set();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== "object" || seen.has(v)) return false;
    seen.add(v);
    const proto = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return false;
    for (const item of Object.values(v)) stack.push(item);
  }
  return true;
}
function isPresaPayload(value) {
  return isObject(value) && value.v === 1 && typeof value.m === "string" && typeof value.d === "string" && typeof value.c === "string" && typeof value.iat === "number" && Number.isFinite(value.iat) && typeof value.exp === "number" && Number.isFinite(value.exp) && "s" in value && isJsonValue(value.s);
}
function splitToken(token) {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [prefix, payload, mac] = parts;
  if (prefix !== TOKEN_PREFIX || payload.length === 0) return null;
  if (base64urlDecode(payload) === null || base64urlDecode(mac)?.length !== 32) return null;
  return { prefix: TOKEN_PREFIX, payload, mac };
}
function readPayloadPart(part) {
  const bytes = base64urlDecode(part);
  const text2 = bytes === null ? null : utf8DecodeStrict(bytes);
  return text2 === null ? void 0 : parseJsonText(text2);
}
function encodePayloadPart(payload) {
  return base64urlEncode(encoder2.encode(JSON.stringify(payload)));
}
function sha256Text(text2) {
  return base64urlEncode(sha256(encoder2.encode(text2)));
}
function paramsDigest(params) {
  const kept = Object.fromEntries(
    Object.entries(params).filter(([key]) => !DIGEST_EXCLUDED_PARAMS.includes(key))
  );
  let canonical;
  try {
    canonical = canonicalize(kept);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new McpError({ kind: "state", message: `params cannot be canonicalized (RFC 8785): ${why}`, cause: e });
  }
  if (canonical === void 0) throw new McpError({ kind: "state", message: "params cannot be canonicalized (RFC 8785)" });
  return sha256Text(canonical);
}
function callerDigest(caller) {
  return sha256Text(`presa-caller:${caller}`);
}
function macOf(key, payloadPart) {
  return base64urlEncode(hmac(sha256, key, encoder2.encode(`${TOKEN_PREFIX}.${payloadPart}`)));
}
function keyFromSecret(secret) {
  return encoder2.encode(secret);
}
function constantTimeEqual(a, b) {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

// src/core/state/decode.ts
var MAX_DECODE_LENGTH = 1024 * 1024;
function opaque(token, reason) {
  return { kind: "opaque", length: token.length, reason };
}
function decodePresa(token) {
  const parts = splitToken(token);
  if (parts === null) return opaque(token, "starts with p1. but is not p1.<base64url>.<base64url of 32 bytes>");
  const payload = readPayloadPart(parts.payload);
  if (!isPresaPayload(payload)) {
    const v = isObject(payload) ? payload.v : void 0;
    return opaque(
      token,
      v !== void 0 && v !== 1 ? `p1 token whose payload says version ${JSON.stringify(v) ?? "?"}` : "p1 token whose payload is not a presa v1 object"
    );
  }
  return { kind: "presa", payload, parts, issuedAt: payload.iat, expiresAt: payload.exp };
}
function jsonOfBase64url(part) {
  const bytes = base64urlDecode(part);
  const text2 = bytes === null ? null : utf8DecodeStrict(bytes);
  return text2 === null ? void 0 : parseJsonText(text2);
}
function jwtHeader(part) {
  const header2 = jsonOfBase64url(part);
  return isObject(header2) && typeof header2.alg === "string" ? header2 : void 0;
}
function decodeJwt(token, parts) {
  const [head, body, signature] = parts;
  if (head === void 0 || body === void 0 || signature === void 0) return void 0;
  const header2 = jwtHeader(head);
  if (header2 === void 0 || typeof header2.alg !== "string") return void 0;
  if (base64urlDecode(signature) === null) return opaque(token, "JWT header, but the signature part is not base64url");
  const payload = jsonOfBase64url(body);
  if (payload === void 0) return opaque(token, "JWT header, but the payload is not base64url JSON");
  const exp = isObject(payload) && typeof payload.exp === "number" && Number.isFinite(payload.exp) ? payload.exp : void 0;
  return {
    kind: "jwt",
    header: header2,
    payload,
    signature,
    alg: header2.alg,
    exp,
    expiresAt: exp === void 0 ? void 0 : exp * 1e3
  };
}
function decodeBase64Json(token) {
  const url = /[-_]/.test(token);
  const bytes = url ? base64urlDecode(token) : base64Decode(token);
  const text2 = bytes === null ? null : utf8DecodeStrict(bytes);
  const value = text2 === null ? void 0 : parseJsonText(text2);
  if (typeof value !== "object" || value === null) return void 0;
  return { kind: "json", value, encoding: url ? "base64url" : "base64" };
}
function decodeUnguarded(token) {
  if (token.startsWith(`${TOKEN_PREFIX}.`)) return decodePresa(token);
  const parts = token.split(".", 6);
  if (parts.length === 3) {
    const jwt = decodeJwt(token, parts);
    if (jwt !== void 0) return jwt;
  }
  if (parts.length === 5 && parts[0] !== void 0 && jwtHeader(parts[0]) !== void 0) {
    return opaque(token, "an encrypted JWT (JWE): it cannot be read without its key");
  }
  const text2 = parseJsonText(token);
  if (text2 !== void 0) return { kind: "json", value: text2, encoding: "text" };
  const trimmed = token.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return opaque(token, "starts like JSON but does not parse");
  return decodeBase64Json(token) ?? opaque(token, "not presa, a JWT, JSON or base64 JSON");
}
function decodeRequestState(token) {
  if (typeof token !== "string") {
    return { kind: "opaque", length: 0, reason: `not a string (${token === null ? "null" : typeof token})` };
  }
  if (token.length === 0) return opaque(token, "empty string");
  if (token.length > MAX_DECODE_LENGTH) return opaque(token, "too large to decode");
  try {
    return decodeUnguarded(token);
  } catch (e) {
    return opaque(token, `decoder error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// src/core/mcp/answerInput.ts
function checkInputRequest(key, value) {
  if (!isObject(value) || typeof value.method !== "string") {
    throw new McpError({ kind: "protocol", message: `input request "${key}" is not an object with a method` });
  }
  if (!INPUT_KINDS.includes(value.method)) {
    throw new McpError({ kind: "protocol", message: `input request "${key}" has an unknown method: ${value.method.slice(0, 80)}` });
  }
  if (value.params !== void 0 && !isObject(value.params)) {
    throw new McpError({ kind: "protocol", message: `input request "${key}" has params that are not an object` });
  }
  const request2 = value;
  if (request2.method === "elicitation/create") {
    const p = request2.params;
    if (typeof p?.message !== "string") throw new McpError({ kind: "protocol", message: `elicitation "${key}" has no message` });
    if (elicitationMode(request2) === "url" && typeof p.url !== "string") {
      throw new McpError({ kind: "protocol", message: `URL elicitation "${key}" has no url` });
    }
    if (elicitationMode(request2) === "form" && !isObject(p.requestedSchema)) {
      throw new McpError({ kind: "protocol", message: `form elicitation "${key}" has no requestedSchema object` });
    }
  }
  if (request2.method === "sampling/createMessage") {
    const p = request2.params;
    if (!Array.isArray(p?.messages)) throw new McpError({ kind: "protocol", message: `sampling request "${key}" has no messages` });
  }
  return request2;
}
async function answerInput(request2, declared, handlers, ctx) {
  if (!covers(declared, request2)) {
    const what = request2.method === "elicitation/create" ? `elicitation (${elicitationMode(request2)} mode)` : request2.method;
    throw new McpError({
      kind: "protocol",
      message: `the server asked for ${what}, which this client did not declare`,
      data: { key: ctx.key, method: request2.method }
    });
  }
  const params = request2.params ?? {};
  let response;
  switch (request2.method) {
    case "elicitation/create":
      response = await call(handlers["elicitation/create"], request2.method, params, ctx);
      break;
    case "sampling/createMessage":
      response = await call(handlers["sampling/createMessage"], request2.method, params, ctx);
      break;
    case "roots/list":
      response = await call(handlers["roots/list"], request2.method, params, ctx);
      break;
  }
  if (!isObject(response)) {
    throw new McpError({ kind: "unsupported", message: `the ${request2.method} handler returned no result object` });
  }
  return response;
}
async function call(handler, method, params, ctx) {
  if (!handler) {
    throw new McpError({
      kind: "unsupported",
      message: `the server asked for ${method}: this client declares the capability but has no handler for it`,
      data: { key: ctx.key, method }
    });
  }
  return handler(params, ctx);
}

// src/core/mcp/modernRequest.ts
function stampModern(params, revision, clientInfo, capabilities) {
  const own = isObject(params._meta) ? params._meta : {};
  return {
    ...params,
    _meta: {
      ...own,
      [META.protocolVersion]: revision,
      [META.clientInfo]: clientInfo,
      [META.clientCapabilities]: capabilities
    }
  };
}
function baseParams(params) {
  const { inputResponses: _r, requestState: _s, _meta: _m, ...rest } = params;
  return rest;
}
function checkResultType(method, result) {
  const resultType = result.resultType ?? "complete";
  if (resultType === "complete") return result;
  if (resultType !== "input_required") {
    throw new McpError({ kind: "protocol", message: `unrecognised resultType: ${JSON.stringify(resultType).slice(0, 80)}` });
  }
  if (!isInputMethod(method)) throw new McpError({ kind: "protocol", message: `${method} may not answer input_required` });
  return result;
}

// src/core/mcp/inputDriver.ts
async function driveInputFlow(client2, method, params, options) {
  const callId = client2.newCallId();
  const started = client2.clock.now();
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const withMeta = options.meta ? { ...params, _meta: { ...options.meta } } : params;
  client2.events.emit({ type: "callStarted", callId, method, params: withMeta, at: started });
  const state = {
    callId,
    method,
    params: baseParams(params),
    round: 0,
    maxRounds: options.maxRounds ?? client2.maxRounds,
    step: options.step ?? client2.options.step,
    signal: controller.signal,
    fail: () => void 0
  };
  try {
    const result = client2.era === "modern" ? await modernLoop(client2, withMeta, state, options) : await legacyCall(client2, withMeta, state, options);
    client2.events.emit({ type: "callFinished", callId, method, rounds: state.round, at: client2.clock.now(), ms: client2.clock.now() - started, result });
    return result;
  } catch (e) {
    const error = toMcpError(e);
    controller.abort();
    client2.events.emit({ type: "callFinished", callId, method, rounds: state.round, at: client2.clock.now(), ms: client2.clock.now() - started, error });
    throw error;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}
async function legacyCall(client2, params, state, options) {
  const id = client2.connection.newId();
  let told = false;
  const cancel = (reason) => {
    if (told) return;
    told = true;
    void client2.connection.notify("notifications/cancelled", { requestId: id, reason }).catch(() => void 0);
  };
  const onAbort = () => {
    if (client2.connection.isPending(id)) cancel(`${state.method} was cancelled by the client`);
  };
  return new Promise((resolve, reject) => {
    state.fail = (error) => {
      cancel(error.message);
      client2.connection.fail(id, error);
    };
    state.signal.addEventListener("abort", onAbort, { once: true });
    const untrack = client2.legacyInput.track(id, state);
    const sendOptions = { id, signal: state.signal, ...options.headers ? { headers: options.headers } : {} };
    client2.request(state.method, params, sendOptions).then(resolve, reject).finally(() => {
      untrack();
      state.signal.removeEventListener("abort", onAbort);
    });
  });
}
async function modernLoop(client2, params, state, options) {
  let extra = {};
  let retryId = client2.connection.newId();
  for (; ; ) {
    if (state.signal.aborted) throw new McpError({ kind: "cancelled", message: `${state.method} was cancelled` });
    const sendOptions = { signal: state.signal, id: retryId, ...options.headers ? { headers: options.headers } : {} };
    const untrack = client2.legacyInput.track(retryId, state);
    const result = await client2.requestModern(state.method, { ...params, ...extra }, sendOptions).finally(untrack);
    const resultType = result.resultType ?? "complete";
    if (resultType === "complete") return result;
    if (resultType !== "input_required") {
      throw new McpError({ kind: "protocol", message: `unrecognised resultType: ${JSON.stringify(resultType).slice(0, 80)}` });
    }
    if (!isInputMethod(state.method)) throw new McpError({ kind: "protocol", message: `${state.method} may not answer input_required` });
    const { inputRequests, requestState } = readInputRequired(result);
    state.round++;
    if (state.round > state.maxRounds) {
      throw new McpError({
        kind: "tooManyRounds",
        message: `${state.method} asked for input ${state.round} times; the cap is ${state.maxRounds} rounds`,
        data: { rounds: state.round, maxRounds: state.maxRounds }
      });
    }
    const requestId = client2.connection.newId();
    client2.events.emit({
      type: "roundStarted",
      callId: state.callId,
      round: state.round,
      era: "modern",
      inputRequests,
      requestState,
      decodedState: requestState === void 0 ? void 0 : decodeRequestState(requestState),
      at: client2.clock.now()
    });
    const inputResponses = await unlessAborted(state, gather(client2, state, inputRequests));
    let draft = { era: "modern", callId: state.callId, method: state.method, round: state.round, params: state.params, inputResponses };
    if (requestState !== void 0) draft.requestState = requestState;
    const held = await unlessAborted(state, hold(client2, state, draft));
    draft = held.draft;
    extra = {};
    if (Object.keys(inputRequests).length > 0 || Object.keys(draft.inputResponses).length > 0) extra.inputResponses = draft.inputResponses;
    if (draft.requestState !== void 0) extra.requestState = draft.requestState;
    retryId = requestId;
    client2.events.emit({ type: "retrySent", callId: state.callId, round: state.round, requestId, draft, edited: held.edited, at: client2.clock.now() });
  }
}
function unlessAborted(state, work) {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new McpError({ kind: "cancelled", message: `${state.method} was cancelled` }));
    if (state.signal.aborted) onAbort();
    else state.signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => state.signal.removeEventListener("abort", onAbort));
  });
}
function readInputRequired(result) {
  const rawRequests = result.inputRequests;
  const rawState = result.requestState;
  if (rawRequests !== void 0 && !isObject(rawRequests)) throw new McpError({ kind: "protocol", message: "inputRequests is not an object" });
  if (rawState !== void 0 && typeof rawState !== "string") throw new McpError({ kind: "protocol", message: "requestState is not a string" });
  if (rawRequests === void 0 && rawState === void 0) {
    throw new McpError({ kind: "protocol", message: "input_required result has neither inputRequests nor requestState" });
  }
  const inputRequests = {};
  for (const [key, value] of Object.entries(rawRequests ?? {})) inputRequests[key] = checkInputRequest(key, value);
  return { inputRequests, requestState: rawState };
}
async function gather(client2, state, inputRequests) {
  const entries = Object.entries(inputRequests);
  const answers = await Promise.all(
    entries.map(async ([key, request2]) => {
      const at = client2.clock.now();
      client2.events.emit({ type: "inputRequested", callId: state.callId, round: state.round, key, request: request2, at });
      try {
        const ctx = { key, round: state.round, callId: state.callId, era: "modern", signal: state.signal };
        const response = await answerInput(request2, client2.declared, client2.handlers, ctx);
        client2.events.emit({ type: "inputAnswered", callId: state.callId, round: state.round, key, response, at: client2.clock.now(), ms: client2.clock.now() - at });
        return [key, response];
      } catch (e) {
        const error = toMcpError(e, "unsupported");
        client2.events.emit({ type: "inputAnswered", callId: state.callId, round: state.round, key, response: void 0, error, at: client2.clock.now(), ms: client2.clock.now() - at });
        throw error;
      }
    })
  );
  return Object.fromEntries(answers);
}
async function hold(client2, state, draft) {
  if (!state.step) return { draft, edited: false };
  client2.events.emit({ type: "retryHeld", callId: state.callId, round: state.round, draft, at: client2.clock.now() });
  const decision = await state.step(draft);
  if (decision.action === "abort") {
    throw new McpError({ kind: "cancelled", message: decision.reason ?? `${state.method} was abandoned in step mode` });
  }
  return { draft: decision.draft, edited: JSON.stringify(decision.draft) !== JSON.stringify(draft) };
}

// src/core/mcp/legacyInput.ts
var LegacyInput = class {
  #client;
  #calls = /* @__PURE__ */ new Map();
  constructor(client2) {
    this.#client = client2;
  }
  /** Registers a call's request id before it is sent, so server requests on its stream find it. */
  track(id, state) {
    this.#calls.set(id, { state, open: 0 });
    return () => this.#calls.delete(id);
  }
  callOf(requestId) {
    return this.#calls.get(requestId)?.state.callId;
  }
  #find(relatedRequestId) {
    if (relatedRequestId !== void 0) {
      const tracked = this.#calls.get(relatedRequestId);
      if (tracked) return [relatedRequestId, tracked];
    }
    return this.#calls.size === 1 ? [...this.#calls.entries()][0] : void 0;
  }
  async answer(request2, relatedRequestId) {
    if (request2.method === "ping") return {};
    if (!INPUT_KINDS.includes(request2.method)) {
      throw new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${request2.method}` });
    }
    const key = String(request2.id);
    let input;
    try {
      input = checkInputRequest(key, { method: request2.method, params: request2.params ?? {} });
    } catch (e) {
      throw new McpError({ kind: "protocol", code: ErrorCode.InvalidParams, message: toMcpError(e).message });
    }
    const client2 = this.#client;
    const found = this.#find(relatedRequestId);
    const tracked = found?.[1];
    const state = tracked?.state;
    let release = () => void 0;
    if (found && tracked && state) {
      if (tracked.open === 0) {
        state.round++;
        if (state.round > state.maxRounds) {
          const error = new McpError({
            kind: "tooManyRounds",
            message: `${state.method} asked for input ${state.round} times; the cap is ${state.maxRounds} rounds`,
            data: { rounds: state.round, maxRounds: state.maxRounds }
          });
          state.fail(error);
          throw new McpError({ kind: "protocol", code: ErrorCode.InternalError, message: error.message });
        }
        client2.events.emit({
          type: "roundStarted",
          callId: state.callId,
          round: state.round,
          era: "legacy",
          serverRequestId: request2.id,
          inputRequests: { [key]: input },
          requestState: void 0,
          decodedState: void 0,
          at: client2.clock.now()
        });
      }
      tracked.open++;
      release = client2.connection.hold(found[0]);
    }
    const round = state?.round ?? 0;
    const callId = state?.callId;
    const at = client2.clock.now();
    client2.events.emit({ type: "inputRequested", callId: callId ?? "", round, key, request: input, at });
    try {
      const ctx = { key, round, callId, era: "legacy", signal: state?.signal ?? new AbortController().signal };
      let response = await answerInput(input, client2.declared, client2.handlers, ctx);
      if (state) {
        const draft = { era: "legacy", callId: state.callId, method: state.method, round, params: state.params, inputResponses: { [key]: response } };
        const held = await hold(client2, state, draft);
        response = held.draft.inputResponses[key] ?? response;
      }
      client2.events.emit({ type: "inputAnswered", callId: callId ?? "", round, key, response, at: client2.clock.now(), ms: client2.clock.now() - at });
      return response;
    } catch (e) {
      const error = toMcpError(e, "unsupported");
      client2.events.emit({ type: "inputAnswered", callId: callId ?? "", round, key, response: void 0, error, at: client2.clock.now(), ms: client2.clock.now() - at });
      if (state && (error.kind === "unsupported" || error.kind === "cancelled")) state.fail(error);
      throw wireError(error, request2.method);
    } finally {
      if (tracked) tracked.open--;
      release();
    }
  }
};
function wireError(error, method) {
  if (error.code !== void 0) return error;
  const code = error.kind === "protocol" && method === "elicitation/create" ? ErrorCode.InvalidParams : error.kind === "protocol" || error.kind === "unsupported" ? ErrorCode.MethodNotFound : ErrorCode.InternalError;
  return new McpError({ kind: error.kind, code, message: error.message });
}

// src/core/mcp/options.ts
var DEFAULT_MAX_ROUNDS = 10;
var DEFAULT_CLIENT_INFO = { name: "presa-inspector", version: "0.1.0" };
function declaredCapabilities(handlers = {}, extra) {
  const implied = {};
  if (handlers["elicitation/create"]) implied.elicitation = { form: {}, url: {} };
  if (handlers["sampling/createMessage"]) implied.sampling = {};
  if (handlers["roots/list"]) implied.roots = {};
  const merged = mergeCapabilities(implied);
  for (const [key, value] of Object.entries(extra ?? {})) merged[key] = value;
  return merged;
}

// src/core/mcp/subscriptions.ts
var ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
function tagOf(params) {
  const meta = params && isObject(params._meta) ? params._meta : void 0;
  return meta?.[META.subscriptionId];
}
function openSubscription(client2, filter, options = {}) {
  if (client2.era !== "modern" || client2.revision === void 0) {
    throw new McpError({ kind: "protocol", message: "subscriptions/listen exists only on 2026-07-28; initialize-era servers send list_changed notifications unasked" });
  }
  const id = client2.connection.newId();
  const controller = new AbortController();
  let closed = false;
  let acknowledge = () => void 0;
  let refuse = () => void 0;
  const acknowledged = new Promise((resolve, reject) => {
    acknowledge = resolve;
    refuse = reject;
  });
  acknowledged.catch(() => void 0);
  const unsubscribe = client2.subscribe((event) => {
    if (event.type !== "notification" || String(tagOf(event.params)) !== String(id)) return;
    const params2 = event.params ?? {};
    if (event.method === ACKNOWLEDGED) acknowledge(isObject(params2.notifications) ? params2.notifications : {});
    options.onNotification?.(event.method, params2);
  });
  const revision = client2.revision;
  const params = stampModern({ notifications: { ...filter } }, revision, client2.clientInfo, capabilitiesFor(revision, client2.declared));
  const ended = client2.connection.request("subscriptions/listen", params, { id, signal: controller.signal }).then(
    () => {
      unsubscribe();
      refuse(new McpError({ kind: "protocol", message: "the server ended the subscription before acknowledging it" }));
    },
    (e) => {
      unsubscribe();
      const error = toMcpError(e);
      refuse(error);
      if (!closed) throw error;
    }
  );
  return {
    subscriptionId: id,
    acknowledged,
    ended,
    close() {
      if (closed) return;
      closed = true;
      controller.abort();
      if (client2.transport.kind !== "http" && !client2.connection.closed) {
        void client2.connection.notify("notifications/cancelled", { requestId: id, reason: "subscription closed by the client" }).catch(() => void 0);
      }
    }
  };
}

// src/core/mcp/client.ts
var Client = class {
  transport;
  connection;
  events = new Emitter();
  handlers;
  clientInfo;
  declared;
  offered;
  maxRounds;
  clock;
  options;
  legacyInput;
  toolSchemas = /* @__PURE__ */ new Map();
  #snapshot;
  #detach;
  #callCounter = 0;
  #idCounter = 0;
  constructor(transport, options = {}) {
    this.transport = transport;
    this.options = options;
    this.handlers = options.handlers ?? {};
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    this.declared = declaredCapabilities(this.handlers, options.capabilities);
    this.offered = newestFirst(options.versions ?? REVISIONS);
    if (this.offered.length === 0) throw new McpError({ kind: "protocol", message: `no known revision in versions: ${JSON.stringify(options.versions)}` });
    this.maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
    this.clock = options.clock ?? systemClock;
    this.legacyInput = new LegacyInput(this);
    this.#snapshot = {
      status: "connecting",
      revision: void 0,
      era: void 0,
      serverInfo: void 0,
      serverCapabilities: {},
      instructions: void 0,
      declaredCapabilities: this.declared
    };
    const { connection, detach } = Connection.over(transport, {
      clock: this.clock,
      nextId: () => `c${++this.#idCounter}`,
      onRequest: (request2, context) => this.#onServerRequest(request2, context.relatedRequestId),
      onNotification: (n, context) => this.#onNotification(n, context.relatedRequestId)
    });
    this.connection = connection;
    const unframe = connection.frames.subscribe((frame) => this.events.emit({ type: "frame", frame }));
    const unclose = transport.subscribe((event) => {
      if (event.type === "close" && this.#snapshot.status !== "closed") {
        this.#snapshot = { ...this.#snapshot, status: "closed" };
        this.events.emit({ type: "closed", reason: event.reason ?? "the transport closed" });
      }
    });
    this.#detach = () => {
      unframe();
      unclose();
      detach();
    };
  }
  subscribe(listener) {
    return this.events.subscribe(listener);
  }
  getSnapshot() {
    return this.#snapshot;
  }
  get revision() {
    return this.#snapshot.revision;
  }
  get era() {
    return this.#snapshot.era;
  }
  get serverInfo() {
    return this.#snapshot.serverInfo;
  }
  get serverCapabilities() {
    return this.#snapshot.serverCapabilities;
  }
  newCallId() {
    return `call-${++this.#callCounter}`;
  }
  /** Negotiates the revision: `server/discover` first when a 2026-07-28 revision is offered, else `initialize`. */
  async open() {
    const modern = this.offered.filter((r) => eraOf(r) === "modern");
    const legacy = this.offered.filter((r) => eraOf(r) === "legacy");
    if (modern.length === 0) return this.#initialize(legacy[0]);
    this.#setRevision(modern[0], "modern", "offered first");
    try {
      const result = await this.requestModern("server/discover", {}, { timeoutMs: this.options.probeTimeoutMs ?? 1e4 });
      const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v) => typeof v === "string") : [];
      const best = supported.length > 0 ? bestMutual(this.offered, supported) : this.revision;
      if (!best) throw new McpError({ kind: "protocol", message: `no revision in common: server supports ${supported.join(", ")}` });
      if (eraOf(best) === "legacy") return this.#initialize(best);
      if (best !== this.revision) this.#setRevision(best, "modern", "server/discover");
      const meta = isObject(result._meta) ? result._meta : {};
      const info = isObject(meta[META.serverInfo]) ? meta[META.serverInfo] : result.serverInfo;
      this.#connected(
        isObject(info) ? info : void 0,
        isObject(result.capabilities) ? result.capabilities : {},
        typeof result.instructions === "string" ? result.instructions : void 0
      );
      return this;
    } catch (e) {
      const error = e instanceof McpError ? e : new McpError({ kind: "transport", message: String(e), cause: e });
      const fallback = this.#legacyFallback(error, legacy);
      if (!fallback) throw error;
      return this.#initialize(fallback);
    }
  }
  /** Which legacy revision to fall back to after a failed probe (brief §4.7), or none. */
  #legacyFallback(error, legacy) {
    if (error.code === ErrorCode.UnsupportedProtocolVersion && isObject(error.data) && Array.isArray(error.data.supported)) {
      const best = bestMutual(this.offered, error.data.supported);
      return best && eraOf(best) === "legacy" ? best : void 0;
    }
    if (error.status === 401 || error.status === 403 || error.kind === "closed") return void 0;
    if (error.kind === "protocol" && (error.code === ErrorCode.HeaderMismatch || error.code === ErrorCode.MissingRequiredClientCapability)) return void 0;
    return legacy[0];
  }
  async #initialize(revision) {
    this.transport.setProtocolVersion?.(void 0);
    const result = await this.connection.request("initialize", {
      protocolVersion: revision,
      capabilities: capabilitiesFor(revision, this.declared),
      clientInfo: this.clientInfo
    });
    const chosen = result.protocolVersion;
    if (typeof chosen !== "string" || !this.offered.includes(chosen)) {
      await this.close();
      throw new McpError({ kind: "protocol", message: `the server chose revision ${String(chosen)}, which this client does not offer (${this.offered.join(", ")})` });
    }
    this.#setRevision(chosen, "legacy", "initialize");
    await this.connection.notify("notifications/initialized");
    await this.transport.openStandaloneStream?.().catch(() => void 0);
    this.#connected(
      isObject(result.serverInfo) ? result.serverInfo : void 0,
      isObject(result.capabilities) ? result.capabilities : {},
      typeof result.instructions === "string" ? result.instructions : void 0
    );
    return this;
  }
  #setRevision(revision, era, reason) {
    const from = this.#snapshot.revision;
    this.#snapshot = { ...this.#snapshot, revision, era };
    this.transport.setProtocolVersion?.(revision);
    if (from !== revision) this.events.emit({ type: "revisionChanged", from, to: revision, reason });
  }
  #connected(serverInfo, serverCapabilities, instructions) {
    this.#snapshot = { ...this.#snapshot, status: "connected", serverInfo, serverCapabilities, instructions };
    this.events.emit({
      type: "connected",
      revision: this.#snapshot.revision,
      era: this.#snapshot.era,
      serverInfo,
      serverCapabilities,
      instructions
    });
  }
  /**
   * Sends one request in the negotiated era. On 2026-07-28 it stamps `_meta` and, on -32022, retries
   * once with a mutual revision (the conformance mock refuses the first request even when it matches).
   */
  async request(method, params = {}, options = {}) {
    if (this.era === "modern") return this.requestModern(method, params, options);
    return this.connection.request(method, params, this.#timeout(options));
  }
  async requestModern(method, params, options = {}) {
    for (let attempt = 0; ; attempt++) {
      const revision = this.revision;
      const capabilities = capabilitiesFor(revision, this.declared);
      const stamped = stampModern(params, revision, this.clientInfo, capabilities);
      try {
        const sendOptions = { ...this.#timeout(options), ...options.id !== void 0 && attempt === 0 ? { id: options.id } : {} };
        return checkResultType(method, await this.connection.request(method, stamped, sendOptions));
      } catch (e) {
        if (!(e instanceof McpError) || e.code !== ErrorCode.UnsupportedProtocolVersion || attempt > 0) throw e;
        const supported = isObject(e.data) && Array.isArray(e.data.supported) ? e.data.supported : [];
        const best = bestMutual(this.offered, supported);
        if (!best || eraOf(best) !== "modern") throw e;
        this.#setRevision(best, "modern", "-32022 UnsupportedProtocolVersion");
      }
    }
  }
  #timeout(options) {
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs;
    return timeoutMs === void 0 ? options : { ...options, timeoutMs };
  }
  /**
   * Lists tools. Over HTTP a tool whose `x-mcp-header` annotations break SEP-2243 is dropped from the
   * view (the spec's MUST) and reported in `droppedTools` with the reason, so the UI can say why.
   */
  async listTools() {
    const result = await this.request("tools/list");
    const listed = Array.isArray(result.tools) ? result.tools.filter((t) => isObject(t) && typeof t.name === "string") : [];
    const checkHeaders = this.transport.kind === "http" || this.transport.kind === "bridge";
    const tools = [];
    const dropped = [];
    for (const tool of listed) {
      const check = checkHeaders ? validateToolHeaders(tool) : { ok: true };
      if (check.ok) tools.push(tool);
      else dropped.push({ name: tool.name, reason: check.reason });
    }
    this.droppedTools = dropped;
    this.toolSchemas.clear();
    for (const tool of tools) this.toolSchemas.set(tool.name, tool);
    return tools;
  }
  /** Tools left out of the last listing, with why. */
  droppedTools = [];
  async listResources() {
    return this.request("resources/list");
  }
  async listResourceTemplates() {
    return this.request("resources/templates/list");
  }
  async listPrompts() {
    return this.request("prompts/list");
  }
  /** Calls a tool and drives its input rounds to completion (seed: `client/call-tool`). */
  callTool(name, args = {}, options = {}) {
    const schema = this.toolSchemas.get(name)?.inputSchema;
    const mirrored = schema && this.era === "modern" && this.transport.kind !== "in-process" ? paramHeaders(schema, args) : {};
    const headers = Object.keys(mirrored).length > 0 ? { ...mirrored, ...options.headers } : options.headers;
    return driveInputFlow(this, "tools/call", { name, arguments: args }, headers ? { ...options, headers } : options);
  }
  readResource(uri, options = {}) {
    return driveInputFlow(this, "resources/read", { uri }, options);
  }
  getPrompt(name, args = {}, options = {}) {
    return driveInputFlow(this, "prompts/get", { name, arguments: args }, options);
  }
  /** Opens `subscriptions/listen` for change notifications (2026-07-28; see subscriptions.ts). */
  listen(filter, options = {}) {
    return openSubscription(this, filter, options);
  }
  #onServerRequest(request2, relatedRequestId) {
    if (this.era === "modern") {
      return Promise.reject(new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${request2.method} (2026-07-28 servers send no requests)` }));
    }
    return this.legacyInput.answer(request2, relatedRequestId);
  }
  #onNotification(n, relatedRequestId) {
    this.events.emit({
      type: "notification",
      method: n.method,
      params: n.params,
      callId: relatedRequestId === void 0 ? void 0 : this.legacyInput.callOf(relatedRequestId),
      at: this.clock.now()
    });
  }
  async close() {
    if (this.#snapshot.status === "closed") return;
    this.#snapshot = { ...this.#snapshot, status: "closed" };
    this.connection.close();
    this.#detach();
    await this.transport.close();
    this.events.emit({ type: "closed", reason: "closed by the client" });
  }
};
async function connect(transport, options = {}) {
  const client2 = new Client(transport, options);
  try {
    return await client2.open();
  } catch (e) {
    await client2.close();
    throw e;
  }
}

// src/core/transport/httpHeaders.ts
var ACCEPT_POST = "application/json, text/event-stream";
function contentTypeOf(response) {
  return (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}
function snippet(text2) {
  const flat = text2.replace(/\s+/g, " ").trim();
  return flat === "" ? "(empty body)" : flat.length > 200 ? `${flat.slice(0, 200)}\u2026` : flat;
}
function methodOf(message) {
  return "method" in message ? message.method : "response";
}
function isInitialize(message) {
  return message !== void 0 && isRequest(message) && message.method === "initialize";
}
function versionNamedBy(message) {
  const params = "params" in message && isObject(message.params) ? message.params : void 0;
  const meta = params && isObject(params._meta) ? params._meta[META.protocolVersion] : void 0;
  if (typeof meta === "string") return meta;
  const offered = isInitialize(message) ? params?.protocolVersion : void 0;
  return typeof offered === "string" ? offered : void 0;
}
function eraFor(message, revision) {
  if (isInitialize(message)) return "legacy";
  const version = revision ?? versionNamedBy(message);
  return version === void 0 ? "legacy" : eraOf(version);
}
function commonHeaders(wire) {
  const headers = new Headers(wire.custom);
  if (wire.era === "modern") {
    const version = (wire.message && versionNamedBy(wire.message)) ?? wire.revision;
    if (version !== void 0) headers.set("MCP-Protocol-Version", version);
    return headers;
  }
  if (!isInitialize(wire.message) && wire.revision !== void 0 && sendsVersionHeader(wire.revision)) {
    headers.set("MCP-Protocol-Version", wire.revision);
  }
  if (wire.sessionId !== void 0) headers.set("Mcp-Session-Id", wire.sessionId);
  return headers;
}
function postHeaders(wire, extra) {
  try {
    const headers = commonHeaders(wire);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    headers.set("Content-Type", "application/json");
    headers.set("Accept", ACCEPT_POST);
    const message = wire.message;
    if ("method" in message) {
      headers.set("Mcp-Method", message.method);
      const name = mcpNameOf(message);
      if (name !== void 0) headers.set("Mcp-Name", encodeHeaderValue(name));
    }
    return headers;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpError({ kind: "transport", message: `cannot build the request headers: ${reason}`, cause: error });
  }
}

// src/core/transport/sse.ts
import { createParser } from "eventsource-parser";
var SSE_MAX_BUFFER = 16 * 1024 * 1024;
async function readSse(body, handlers) {
  const parser = createParser({
    onEvent: (event) => handlers.onEvent(event),
    onRetry: (ms) => handlers.onRetry?.(ms),
    onError: (error) => handlers.onParseError?.(error),
    maxBufferSize: SSE_MAX_BUFFER
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (; ; ) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    const tail = decoder.decode();
    if (tail !== "") parser.feed(tail);
  } catch (error) {
    reader.cancel(error).catch(() => void 0);
    throw error;
  } finally {
    reader.releaseLock();
  }
}

// src/core/transport/httpStream.ts
var DEFAULT_RETRY_MS = 1e3;
var MAX_RECONNECTS = 3;
function frameEvent(raw, relatedRequestId) {
  const parsed = parseFrame(raw);
  const related = relatedRequestId === void 0 ? {} : { relatedRequestId };
  if (parsed.ok) return { type: "message", message: parsed.message, raw, ...related };
  return { type: "error", raw, error: new McpError({ kind: "transport", message: `bad frame from server: ${parsed.reason}` }), ...related };
}
async function pumpStream(body, pump) {
  const related = pump.requestId === void 0 ? {} : { relatedRequestId: pump.requestId };
  const giveUp = (message, cause) => {
    pump.emit({ type: "error", error: new McpError({ kind: "transport", message, cause }), ...related });
  };
  let lastEventId;
  let retryMs;
  let answered = false;
  let barren = 0;
  let current = body;
  for (; ; ) {
    let progressed = false;
    let broke;
    if (current !== void 0) {
      try {
        await readSse(current, {
          onEvent: (event) => {
            progressed = true;
            if (event.id !== void 0) lastEventId = event.id === "" ? void 0 : event.id;
            if (event.event !== void 0 && event.event !== "message") {
              pump.log({ level: "warn", message: `ignored SSE event of type ${JSON.stringify(event.event)}`, data: event.data });
              return;
            }
            if (event.data.trim() === "") return;
            const frame = frameEvent(event.data, pump.requestId);
            if (frame.type === "message" && isResponse(frame.message) && frame.message.id === pump.requestId) answered = true;
            pump.emit(frame);
          },
          onRetry: (ms) => {
            retryMs = ms;
          },
          onParseError: (error) => pump.log({ level: "warn", message: `SSE: ${error.message}`, data: error.line })
        });
      } catch (error) {
        broke = error;
      }
    }
    if (pump.signal.aborted || answered) return;
    if (pump.requestId === void 0 && !pump.standalone) return;
    const how = broke === void 0 ? "ended" : "broke";
    if (!pump.resumable) {
      giveUp(`response stream ${how} before the response arrived (2026-07-28 streams cannot resume)`, broke);
      return;
    }
    if (pump.requestId !== void 0 && lastEventId === void 0) {
      giveUp(`response stream ${how} before the response arrived, with no event id to resume from`, broke);
      return;
    }
    barren = progressed ? 1 : barren + 1;
    if (barren > MAX_RECONNECTS) {
      giveUp(`gave up resuming the stream after ${MAX_RECONNECTS} reconnections without an event`, broke);
      return;
    }
    const wait = retryMs ?? DEFAULT_RETRY_MS;
    pump.log({ level: "debug", message: `stream ${how}; reconnecting in ${wait} ms`, data: { lastEventId, cause: broke } });
    await pump.sleep(wait);
    if (pump.signal.aborted) return;
    current = void 0;
    try {
      const next = await pump.reconnect(lastEventId);
      if (next.ok) current = next.body;
      else if (next.error.status !== void 0 && next.error.status < 500) {
        if (!pump.signal.aborted) giveUp(`could not resume the stream: ${next.error.message}`, next.error);
        return;
      } else pump.log({ level: "warn", message: `reconnecting the stream failed: ${next.error.message}` });
    } catch (error) {
      if (pump.signal.aborted) return;
      pump.log({ level: "warn", message: "reconnecting the stream failed", data: error });
    }
  }
}

// src/core/transport/streamableHttp.ts
var DELETE_TIMEOUT_MS = 5e3;
var StreamableHttpTransport = class {
  kind = "http";
  #url;
  #headers;
  #fetch;
  #setTimeout;
  #clearTimeout;
  #onLog;
  #events = new Emitter();
  /** Every live request and stream; close() aborts them all. */
  #live = /* @__PURE__ */ new Set();
  #revision;
  #sessionId;
  #standalone = false;
  #closed = false;
  constructor(url, options = {}) {
    this.#url = url;
    this.#headers = { ...options.headers };
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#setTimeout = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.#clearTimeout = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle));
    this.#onLog = options.onLog;
  }
  /** The legacy session the server assigned on initialize, for display; never used on 2026-07-28. */
  get sessionId() {
    return this.#sessionId;
  }
  setProtocolVersion(revision) {
    this.#revision = revision;
  }
  subscribe(listener) {
    return this.#events.subscribe(listener);
  }
  async send(message, options = {}) {
    if (this.#closed) throw new McpError({ kind: "closed", message: "HTTP transport is closed" });
    const era = eraFor(message, this.#revision);
    if (isRequest(message) && message.method === "initialize") this.#sessionId = void 0;
    const sentSession = era === "legacy" && this.#sessionId !== void 0;
    const headers = postHeaders({ ...this.#wire(era), message }, options.headers);
    const requestId = isRequest(message) ? message.id : void 0;
    const live = this.#track(options.signal);
    let response;
    try {
      response = await this.#fetch(this.#url, { method: "POST", headers, body: JSON.stringify(message), signal: live.signal });
    } catch (error) {
      throw this.#fail(live, error, `POST ${methodOf(message)}`);
    }
    try {
      if (era === "legacy" && isRequest(message) && message.method === "initialize") {
        this.#sessionId = response.headers.get("mcp-session-id") ?? void 0;
      } else if (era === "modern" && response.headers.has("mcp-session-id")) {
        this.#log("debug", "ignored Mcp-Session-Id: 2026-07-28 has no sessions");
      }
      const streaming = await this.#readPostResponse(message, response, era, sentSession, requestId, live);
      if (!streaming) this.#untrack(live);
    } catch (error) {
      throw this.#fail(live, error, `POST ${methodOf(message)}`);
    }
  }
  /**
   * Opens the legacy standalone GET stream for server messages not tied to a request (2025-03-26
   * on, "Listening for Messages from the Server"). A 405 means the server offers none: fine. So does
   * a 404 here: servers without a GET route answer it, and it must not cost the session (a session
   * that really expired shows on the next POST).
   */
  async openStandaloneStream() {
    if (this.#closed) throw new McpError({ kind: "closed", message: "HTTP transport is closed" });
    if (this.#revision !== void 0 && eraOf(this.#revision) === "modern") {
      this.#log("debug", "no standalone stream on 2026-07-28; use subscriptions/listen");
      return;
    }
    if (this.#standalone) return;
    this.#standalone = true;
    const live = this.#track(void 0);
    let opened;
    try {
      const response = await this.#get(void 0, live.signal);
      if (response.status === 405 || response.status === 404) await response.body?.cancel();
      else opened = await this.#asStream(response, "standalone GET");
    } catch (error) {
      this.#standalone = false;
      throw this.#fail(live, error, "GET (standalone stream)");
    }
    if (opened === void 0 || !opened.ok) {
      this.#standalone = false;
      this.#untrack(live);
      if (opened === void 0) return this.#log("debug", "server offers no standalone GET stream (405 or 404)");
      throw opened.error;
    }
    void this.#pump(opened.body, void 0, "legacy", live, true).finally(() => {
      this.#standalone = false;
    });
  }
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    for (const live of this.#live) live.abort();
    this.#live.clear();
    if (this.#sessionId !== void 0) {
      const deadline = new AbortController();
      const timer = this.#setTimeout(() => deadline.abort(), DELETE_TIMEOUT_MS);
      try {
        const headers = commonHeaders(this.#wire("legacy"));
        const response = await this.#fetch(this.#url, { method: "DELETE", headers, signal: deadline.signal });
        await response.body?.cancel();
        if (!response.ok && response.status !== 405) this.#log("warn", `DELETE of the session answered HTTP ${response.status}`);
      } catch (error) {
        this.#log("warn", "DELETE of the session failed", error);
      } finally {
        this.#clearTimeout(timer);
      }
      this.#sessionId = void 0;
    }
    this.#events.emit({ type: "close", reason: "closed" });
    this.#events.clear();
  }
  /** What the header builders need to know about this transport's state. */
  #wire(era) {
    return { era, custom: this.#headers, revision: this.#revision, sessionId: this.#sessionId };
  }
  #get(lastEventId, signal) {
    const headers = commonHeaders(this.#wire("legacy"));
    headers.set("Accept", "text/event-stream");
    if (lastEventId !== void 0) headers.set("Last-Event-ID", lastEventId);
    return this.#fetch(this.#url, { method: "GET", headers, signal });
  }
  /**
   * Handles the answer to a POST. Returns true when an SSE stream is now being read in the
   * background (its controller stays live until the stream is done).
   */
  async #readPostResponse(message, response, era, sentSession, requestId, live) {
    const what = `POST ${methodOf(message)}`;
    if (era === "legacy" && sentSession && response.status === 404) {
      await response.body?.cancel();
      this.#sessionId = void 0;
      throw new McpError({ kind: "transport", status: 404, message: `${what}: the session expired (HTTP 404); initialize again` });
    }
    const type = contentTypeOf(response);
    if (response.ok && type === "text/event-stream" && response.body) {
      void this.#pump(response.body, requestId, era, live);
      return true;
    }
    const text2 = await response.text();
    if (!response.ok) {
      const parsed = parseFrame(text2);
      if (parsed.ok && isErrorResponse(parsed.message)) {
        const error = parsed.message;
        if (error.id === void 0 || error.id === null) throw McpError.fromRpc(error.error, response.status);
        this.#emit(frameEvent(text2, requestId));
        return false;
      }
      throw new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status}: ${snippet(text2)}` });
    }
    if (text2.trim() === "") {
      if (requestId === void 0) return false;
      throw new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status} with no body` });
    }
    if (type !== "application/json" && !type.endsWith("+json")) {
      throw new McpError({
        kind: "transport",
        status: response.status,
        message: `${what}: unexpected Content-Type ${JSON.stringify(type)}: ${snippet(text2)}`
      });
    }
    const event = frameEvent(text2, requestId);
    this.#emit(event);
    if (event.type === "error" && requestId !== void 0) throw event.error;
    return false;
  }
  /** A GET answer as an SSE body, or the reason it is not one. */
  async #asStream(response, what) {
    if (response.ok && contentTypeOf(response) === "text/event-stream" && response.body) return { ok: true, body: response.body };
    const text2 = await response.text().catch((error) => `(body unreadable: ${String(error)})`);
    if (response.status === 404 && this.#sessionId !== void 0) this.#sessionId = void 0;
    return {
      ok: false,
      error: new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status}: ${snippet(text2)}` })
    };
  }
  /** Reads a stream in the background; never rejects (a failure becomes an `error` event). */
  async #pump(body, requestId, era, live, standalone = false) {
    try {
      await pumpStream(body, {
        requestId,
        standalone,
        resumable: era === "legacy",
        signal: live.signal,
        reconnect: async (lastEventId) => this.#asStream(await this.#get(lastEventId, live.signal), "resuming GET"),
        sleep: (ms) => this.#sleep(ms, live.signal),
        emit: (event) => this.#emit(event),
        log: (entry) => this.#log(entry.level, entry.message, entry.data)
      });
    } catch (error) {
      const related = requestId === void 0 ? {} : { relatedRequestId: requestId };
      this.#emit({ type: "error", error: new McpError({ kind: "transport", message: "reading the stream failed", cause: error }), ...related });
    } finally {
      this.#untrack(live);
    }
  }
  #emit(event) {
    if (!this.#closed) this.#events.emit(event);
  }
  #log(level, message, data) {
    try {
      this.#onLog?.(data === void 0 ? { level, message } : { level, message, data });
    } catch (error) {
      console.error("onLog failed", error);
    }
  }
  /** A controller for one request or stream, aborted by the caller's signal or by close(). */
  #track(signal) {
    const live = new AbortController();
    if (signal?.aborted) live.abort(signal.reason);
    signal?.addEventListener("abort", () => live.abort(signal.reason), { once: true, signal: live.signal });
    this.#live.add(live);
    return live;
  }
  /** Done with a request or stream: aborting its (finished) controller also unhooks the caller's signal. */
  #untrack(live) {
    this.#live.delete(live);
    live.abort();
  }
  /** The McpError for a failed request, worked out before its controller is released (which aborts it). */
  #fail(live, error, what) {
    const failure = error instanceof McpError ? error : this.#fetchFailure(error, live.signal, what);
    this.#untrack(live);
    return failure;
  }
  #fetchFailure(error, signal, what) {
    if (signal.aborted) {
      return this.#closed ? new McpError({ kind: "closed", message: `${what}: the transport was closed`, cause: error }) : new McpError({ kind: "cancelled", message: `${what}: cancelled`, cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new McpError({ kind: "transport", message: `${what} to ${this.#url} failed: ${reason}`, cause: error });
  }
  #sleep(ms, signal) {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const onAbort = () => {
        this.#clearTimeout(handle);
        resolve();
      };
      const handle = this.#setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
};

// src/server/changes.ts
var ChangeFeed = class {
  #emitter = new Emitter();
  publish(change) {
    this.#emitter.emit(change);
  }
  subscribe(listener) {
    return this.#emitter.subscribe(listener);
  }
};
function changeMethod(change) {
  switch (change.kind) {
    case "tools":
      return "notifications/tools/list_changed";
    case "prompts":
      return "notifications/prompts/list_changed";
    case "resources":
      return "notifications/resources/list_changed";
    case "resource":
      return "notifications/resources/updated";
  }
}

// src/server/token.ts
var MAX_TOKEN_LENGTH = 64 * 1024;
function createStateKey(secret) {
  if (secret !== void 0) {
    if (secret.length === 0) throw new McpError({ kind: "state", message: "stateSecret must not be empty" });
    return keyFromSecret(secret);
  }
  const random = globalThis.crypto?.getRandomValues;
  if (typeof random !== "function") {
    throw new McpError({ kind: "state", message: "no crypto.getRandomValues here; set stateSecret instead" });
  }
  return globalThis.crypto.getRandomValues(new Uint8Array(32));
}
function signState(key, state, scope, now, ttlMs) {
  if (!Number.isFinite(now) || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new McpError({ kind: "state", message: `requestState needs a finite now and a positive ttlMs, got ${now} and ${ttlMs}` });
  }
  const payload = {
    v: 1,
    m: scope.method,
    d: paramsDigest(scope.params),
    c: callerDigest(scope.caller),
    iat: now,
    exp: now + ttlMs,
    s: state
  };
  const payloadPart = encodePayloadPart(payload);
  const token = `${TOKEN_PREFIX}.${payloadPart}.${macOf(key, payloadPart)}`;
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new McpError({
      kind: "state",
      message: `requestState would be ${token.length} characters, over the ${MAX_TOKEN_LENGTH} cap; keep handler state small`
    });
  }
  return token;
}
function fail(reason, message) {
  return { ok: false, reason, message };
}
function formatDuration(ms) {
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 12e4) return `${Math.round(ms / 1e3)} s`;
  return `${Math.round(ms / 6e4)} min`;
}
function verifyState(key, token, scope, now) {
  if (typeof token !== "string") {
    return fail("malformed", `requestState must be a string, got ${token === null ? "null" : typeof token}`);
  }
  if (token.length > MAX_TOKEN_LENGTH) {
    return fail("malformed", `requestState is ${token.length} characters, over the ${MAX_TOKEN_LENGTH} cap`);
  }
  const parts = splitToken(token);
  if (parts === null) {
    const prefix = token.split(".", 1)[0] ?? "";
    if (/^p\d{1,6}$/.test(prefix) && prefix !== TOKEN_PREFIX) {
      return fail("version", `requestState is format ${prefix}; this server reads ${TOKEN_PREFIX}`);
    }
    return fail("malformed", `requestState is not a ${TOKEN_PREFIX}.<payload>.<mac> token with base64url parts and a 32-byte MAC`);
  }
  if (!constantTimeEqual(macOf(key, parts.payload), parts.mac)) {
    return fail(
      "signature",
      "requestState signature does not match: it was changed, or signed with another key (a restarted server makes a new one unless stateSecret is set)"
    );
  }
  const raw = readPayloadPart(parts.payload);
  if (!isObject(raw)) return fail("malformed", "requestState payload is not a JSON object");
  if (raw.v !== 1) return fail("version", `requestState payload is version ${JSON.stringify(raw.v) ?? "missing"}; this server reads 1`);
  if (!isPresaPayload(raw)) return fail("malformed", "requestState payload lacks a field of v, m, d, c, iat, exp, s or has one of the wrong type");
  const payload = raw;
  if (payload.m !== scope.method) {
    return fail("method", `requestState was issued for ${payload.m}, not ${scope.method}`);
  }
  let digest;
  try {
    digest = paramsDigest(scope.params);
  } catch (e) {
    return fail("params", e instanceof Error ? e.message : String(e));
  }
  if (!constantTimeEqual(digest, payload.d)) {
    return fail("params", "requestState was issued for other params (arguments or name changed)");
  }
  if (!constantTimeEqual(callerDigest(scope.caller), payload.c)) {
    return fail("caller", "requestState was issued to another caller");
  }
  if (!(now < payload.exp)) {
    return fail("expired", `requestState expired ${formatDuration(now - payload.exp)} ago`);
  }
  return { ok: true, state: payload.s, payload };
}

// src/server/server.ts
function byName(items, what) {
  const map = /* @__PURE__ */ new Map();
  for (const item of items ?? []) {
    if (map.has(item.name)) throw new Error(`duplicate ${what} name: ${item.name}`);
    map.set(item.name, item);
  }
  return map;
}
function server(options) {
  const versions = newestFirst(options.versions ?? REVISIONS);
  if (versions.length === 0) throw new Error(`no known revision in versions: ${JSON.stringify(options.versions)}`);
  const resources = /* @__PURE__ */ new Map();
  for (const r of options.resources ?? []) {
    if (resources.has(r.uri)) throw new Error(`duplicate resource uri: ${r.uri}`);
    resources.set(r.uri, r);
  }
  const tools = byName(options.tools, "tool");
  const prompts = byName(options.prompts, "prompt");
  const info = { name: options.name, version: options.version };
  const listChanged = options.listChanged ?? false;
  if (options.title !== void 0) info.title = options.title;
  return {
    info,
    instructions: options.instructions,
    versions,
    tools,
    resources,
    resourceTemplates: options.resourceTemplates ?? [],
    prompts,
    stateKey: createStateKey(options.stateSecret),
    stateTtlMs: options.stateTtlMs ?? 3e5,
    maxLegacyRounds: options.maxLegacyRounds ?? 32,
    listTtlMs: options.listTtlMs ?? 0,
    listChanged,
    resourceSubscribe: options.resourceSubscribe ?? false,
    changes: options.changes ?? new ChangeFeed(),
    clock: options.clock ?? systemClock,
    capabilities() {
      const caps = {};
      if (tools.size > 0) caps.tools = { listChanged };
      if (resources.size > 0 || (options.resourceTemplates?.length ?? 0) > 0) caps.resources = { subscribe: options.resourceSubscribe ?? false, listChanged };
      if (prompts.size > 0) caps.prompts = { listChanged };
      caps.logging = {};
      caps.completions = {};
      return caps;
    }
  };
}

// src/server/definitions.ts
var INPUT_REQUIRED = /* @__PURE__ */ Symbol("presa.inputRequired");
var TOOL_ERROR = /* @__PURE__ */ Symbol("presa.toolError");
function inputRequired(inputRequests, state) {
  return { [INPUT_REQUIRED]: true, inputRequests, state };
}
function toolError(message) {
  return { [TOOL_ERROR]: true, content: typeof message === "string" ? [{ type: "text", text: message }] : message };
}
function isInputRequired(value) {
  return typeof value === "object" && value !== null && INPUT_REQUIRED in value;
}
function isToolError(value) {
  return typeof value === "object" && value !== null && TOOL_ERROR in value;
}
function inputResponse(ctx, key) {
  return Object.prototype.hasOwnProperty.call(ctx.inputResponses, key) ? ctx.inputResponses[key] : void 0;
}

// src/server/rpcError.ts
function invalidParams(message, data) {
  return new McpError({ kind: "protocol", code: ErrorCode.InvalidParams, message, data });
}
function methodNotFound(method) {
  return new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${method}` });
}
function internalError(message) {
  return new McpError({ kind: "protocol", code: ErrorCode.InternalError, message });
}
function rpcError(code, message, data) {
  return new McpError({ kind: "protocol", code, message, data });
}

// src/server/inputFlow.ts
function checkInputRequests(requests) {
  if (!isObject(requests)) throw internalError("handler returned inputRequests that are not an object");
  for (const [key, r] of Object.entries(requests)) {
    if (!isObject(r) || !INPUT_KINDS.includes(r.method)) {
      throw internalError(`handler asked for input "${key}" with an unknown method`);
    }
  }
}
function missingCapabilities(requests, declared) {
  const missing = Object.values(requests).filter((r) => !covers(declared, r));
  return missing.length === 0 ? void 0 : mergeCapabilities(...missing.map(requiredCapability));
}
function describeMissing(caps) {
  const parts = [];
  if (isObject(caps.elicitation)) {
    parts.push(isObject(caps.elicitation.url) ? "elicitation (url mode)" : "elicitation");
  }
  if (isObject(caps.sampling)) parts.push(isObject(caps.sampling.tools) ? "sampling (with tools)" : "sampling");
  if (isObject(caps.roots)) parts.push("roots");
  return `Server requires the ${parts.join(", ")} capability for this request, which the client did not declare`;
}
function readInputResponses(params) {
  const value = params.inputResponses;
  if (value === void 0) return {};
  if (!isObject(value) || Object.values(value).some((v) => !isObject(v))) {
    throw invalidParams("inputResponses must be an object that maps each key to a result object");
  }
  return value;
}
async function runModernFlow(server2, base, spec) {
  const { params, method, caller } = base;
  const token = params.requestState;
  let state;
  if (token !== void 0) {
    if (typeof token !== "string") throw invalidParams("requestState must be a string");
    const verified = verifyState(server2.stateKey, token, { method, params, caller }, server2.clock.now());
    if (!verified.ok) throw invalidParams(verified.message, { reason: verified.reason });
    state = verified.state;
  }
  const inputResponses = readInputResponses(params);
  const tookInput = token !== void 0 || params.inputResponses !== void 0;
  const ret = await spec.invoke({ ...base, inputResponses, state });
  if (!isInputRequired(ret)) return spec.finish(ret, tookInput);
  checkInputRequests(ret.inputRequests);
  const missing = missingCapabilities(ret.inputRequests, base.clientCapabilities);
  if (missing) throw rpcError(ErrorCode.MissingRequiredClientCapability, describeMissing(missing), { requiredCapabilities: missing });
  const result = { resultType: "input_required" };
  if (Object.keys(ret.inputRequests).length > 0) result.inputRequests = ret.inputRequests;
  if (ret.state !== void 0) {
    result.requestState = signState(server2.stateKey, ret.state, { method, params, caller }, server2.clock.now(), server2.stateTtlMs);
  }
  if (result.inputRequests === void 0 && result.requestState === void 0) {
    throw internalError("handler asked for input but gave neither input requests nor state");
  }
  return result;
}
function randomId() {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
function legacyParams(request2, revision) {
  const params = { ...request2.params ?? {} };
  if (request2.method === "elicitation/create") {
    if (revision < "2025-11-25") delete params.mode;
    else if (elicitationMode(request2) === "url" && params.elicitationId === void 0) {
      params.elicitationId = randomId();
    }
  }
  return params;
}
async function runLegacyFlow(server2, base, spec, connection, requestId) {
  let inputResponses = {};
  let state;
  for (let round = 1; round <= server2.maxLegacyRounds; round++) {
    const ret = await spec.invoke({ ...base, inputResponses, state });
    if (!isInputRequired(ret)) return spec.finish(ret, round > 1);
    checkInputRequests(ret.inputRequests);
    const missing = missingCapabilities(ret.inputRequests, base.clientCapabilities);
    if (missing) return spec.legacyRefusal(describeMissing(missing), missing);
    const entries = Object.entries(ret.inputRequests);
    const answers = await Promise.allSettled(
      entries.map(
        ([, r]) => connection.request(r.method, legacyParams(r, base.revision), { relatedRequestId: requestId, signal: base.signal })
      )
    );
    if (base.signal.aborted) throw new McpError({ kind: "cancelled", message: "request was cancelled by the client" });
    const failed = answers.findIndex((a) => a.status === "rejected");
    if (failed >= 0) {
      const reason = toMcpError(answers[failed].reason);
      const entry = entries[failed];
      return spec.legacyRefusal(`The client could not answer ${entry?.[1].method} ("${entry?.[0]}"): ${reason.message}`);
    }
    inputResponses = Object.fromEntries(
      entries.map(([key], i) => [key, answers[i].value])
    );
    state = ret.state;
  }
  return spec.legacyRefusal(`The server gave up after ${server2.maxLegacyRounds} rounds of input`);
}

// src/server/listen.ts
function honoured(requested, scope) {
  const { server: server2 } = scope;
  const filter = {};
  const lists = server2.listChanged;
  if (lists && requested.toolsListChanged === true && server2.tools.size > 0) filter.toolsListChanged = true;
  if (lists && requested.promptsListChanged === true && server2.prompts.size > 0) filter.promptsListChanged = true;
  if (lists && requested.resourcesListChanged === true && (server2.resources.size > 0 || server2.resourceTemplates.length > 0)) {
    filter.resourcesListChanged = true;
  }
  const watch = requested.resourceSubscriptions;
  if (server2.resourceSubscribe && Array.isArray(watch) && watch.length > 0 && watch.every((u) => typeof u === "string")) {
    filter.resourceSubscriptions = [...watch];
  }
  return filter;
}
function wanted(filter, change) {
  switch (change.kind) {
    case "tools":
      return filter.toolsListChanged === true;
    case "prompts":
      return filter.promptsListChanged === true;
    case "resources":
      return filter.resourcesListChanged === true;
    case "resource":
      return filter.resourceSubscriptions?.includes(change.uri) === true;
  }
}
async function listen(request2, scope) {
  const params = request2.params ?? {};
  if (params.notifications !== void 0 && !isObject(params.notifications)) {
    throw invalidParams("notifications must be a SubscriptionFilter object");
  }
  const filter = honoured(isObject(params.notifications) ? params.notifications : {}, scope);
  const tag = { [META.subscriptionId]: request2.id };
  const send = (method, p) => scope.connection.notify(method, p, { relatedRequestId: request2.id }).catch(() => void 0);
  if (scope.signal.aborted) throw cancelled();
  const changes = [];
  let acknowledged = false;
  const unsubscribe = scope.server.changes.subscribe((change) => {
    if (!wanted(filter, change)) return;
    if (acknowledged) void send(changeMethod(change), changeParams(change, tag));
    else changes.push(change);
  });
  await send("notifications/subscriptions/acknowledged", { notifications: filter, _meta: tag });
  acknowledged = true;
  for (const change of changes.splice(0)) void send(changeMethod(change), changeParams(change, tag));
  return new Promise((_resolve, reject) => {
    const stop = () => {
      unsubscribe();
      reject(cancelled());
    };
    if (scope.signal.aborted) stop();
    else scope.signal.addEventListener("abort", stop, { once: true });
  });
}
function changeParams(change, tag) {
  return change.kind === "resource" ? { uri: change.uri, _meta: tag } : { _meta: tag };
}
function cancelled() {
  return new McpError({ kind: "cancelled", message: "the client closed the subscription" });
}

// src/server/results.ts
function toolResult(ret) {
  if (typeof ret === "string") return { content: [{ type: "text", text: ret }] };
  if (Array.isArray(ret)) return { content: ret };
  if (isToolError(ret)) return { content: ret.content, isError: true };
  if (isObject(ret) && Array.isArray(ret.content)) return { ...ret };
  throw internalError("tool handler returned something that is not a tool result");
}
function resourceResult(ret, uri, mimeType) {
  if (typeof ret === "string") return { contents: [{ uri, mimeType: mimeType ?? "text/plain", text: ret }] };
  if (Array.isArray(ret)) return { contents: ret };
  if (isObject(ret) && Array.isArray(ret.contents)) return { ...ret };
  throw internalError("resource handler returned something that is not resource contents");
}
function promptResult(ret, description) {
  const base = description === void 0 ? {} : { description };
  if (typeof ret === "string") return { ...base, messages: [{ role: "user", content: { type: "text", text: ret } }] };
  if (Array.isArray(ret)) return { ...base, messages: ret };
  if (isObject(ret) && Array.isArray(ret.messages)) return { ...base, ...ret };
  throw internalError("prompt handler returned something that is not prompt messages");
}
function defined(value) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== void 0));
}
function listTools(server2) {
  return {
    tools: [...server2.tools.values()].map(
      (t) => defined({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema ?? { type: "object", properties: {} },
        outputSchema: t.outputSchema,
        annotations: t.annotations
      })
    )
  };
}
function listResources(server2) {
  return {
    resources: [...server2.resources.values()].map(
      (r) => defined({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType })
    )
  };
}
function listResourceTemplates(server2) {
  return {
    resourceTemplates: server2.resourceTemplates.map(
      (r) => defined({ uriTemplate: r.uriTemplate, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType })
    )
  };
}
function listPrompts(server2) {
  return {
    prompts: [...server2.prompts.values()].map(
      (p) => defined({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })
    )
  };
}
function matchTemplate(template, uri) {
  const names = [];
  const pattern = template.split(/(\{[^}]+\})/).map((part) => {
    const m = /^\{([A-Za-z0-9_]+)\}$/.exec(part);
    if (m && m[1]) {
      names.push(m[1]);
      return "([^/]+)";
    }
    return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("");
  const match = new RegExp(`^${pattern}$`).exec(uri);
  if (!match) return void 0;
  const vars = {};
  try {
    names.forEach((name, i) => {
      vars[name] = decodeURIComponent(match[i + 1] ?? "");
    });
  } catch {
    return void 0;
  }
  return vars;
}

// src/server/routes.ts
var LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
function baseContext(request2, scope) {
  const params = request2.params ?? {};
  const meta = isObject(params._meta) ? params._meta : {};
  const progressToken = meta.progressToken;
  const send = (method, p) => scope.connection.notify(method, p, { relatedRequestId: scope.requestId }).catch(() => void 0);
  return {
    method: request2.method,
    params,
    caller: scope.caller,
    revision: scope.revision,
    era: scope.era,
    clientCapabilities: scope.clientCapabilities,
    clientInfo: scope.clientInfo,
    signal: scope.signal,
    progress: async (progress, total, message) => {
      if (typeof progressToken !== "string" && typeof progressToken !== "number") return;
      const p = { progressToken, progress };
      if (total !== void 0) p.total = total;
      if (message !== void 0) p.message = message;
      await send("notifications/progress", p);
    },
    log: async (level, data) => {
      if (scope.logLevel === void 0 || LEVELS.indexOf(level) < LEVELS.indexOf(scope.logLevel)) return;
      await send("notifications/message", { level, data, logger: scope.server.info.name });
    }
  };
}
function runFlow(request2, scope, spec) {
  const base = baseContext(request2, scope);
  return scope.era === "modern" ? runModernFlow(scope.server, base, spec) : runLegacyFlow(scope.server, base, spec, scope.connection, scope.requestId);
}
function cacheable(scope, result, ttlMs, cacheScope) {
  return scope.era === "modern" ? { ...result, ttlMs, cacheScope } : result;
}
function noCursor(params) {
  if (params.cursor !== void 0) throw invalidParams("invalid cursor");
}
function callTool(request2, scope) {
  const params = request2.params ?? {};
  const tool = typeof params.name === "string" ? scope.server.tools.get(params.name) : void 0;
  if (!tool) throw invalidParams(`Unknown tool: ${String(params.name)}`);
  const args = params.arguments ?? {};
  if (!isObject(args)) throw invalidParams("arguments must be an object");
  return runFlow(request2, scope, {
    invoke: async (ctx) => tool.handler(args, ctx),
    finish: (ret) => toolResult(ret),
    legacyRefusal: (message) => ({ content: [{ type: "text", text: message }], isError: true })
  });
}
function refusalError(message, requiredCapabilities) {
  throw requiredCapabilities ? rpcError(ErrorCode.MissingRequiredClientCapability, message, { requiredCapabilities }) : rpcError(ErrorCode.InternalError, message);
}
function readResource(request2, scope) {
  const params = request2.params ?? {};
  const uri = params.uri;
  if (typeof uri !== "string") throw invalidParams("resources/read needs a uri");
  const direct = scope.server.resources.get(uri);
  let invoke;
  let mimeType;
  let ttl = 6e4;
  if (direct) {
    invoke = async (ctx) => direct.handler(uri, ctx);
    mimeType = direct.mimeType;
    ttl = direct.ttlMs ?? ttl;
  } else {
    for (const template of scope.server.resourceTemplates) {
      const vars = matchTemplate(template.uriTemplate, uri);
      if (vars) {
        invoke = async (ctx) => template.handler(uri, vars, ctx);
        mimeType = template.mimeType;
        break;
      }
    }
  }
  if (!invoke) {
    throw scope.era === "modern" ? invalidParams(`Resource not found: ${uri}`, { uri }) : rpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
  }
  return runFlow(request2, scope, {
    invoke,
    // A read that took input answered one user's questions: never fresh for anyone else.
    finish: (ret, tookInput) => cacheable(scope, resourceResult(ret, uri, mimeType), tookInput ? 0 : ttl, "private"),
    legacyRefusal: refusalError
  });
}
function getPrompt(request2, scope) {
  const params = request2.params ?? {};
  const prompt = typeof params.name === "string" ? scope.server.prompts.get(params.name) : void 0;
  if (!prompt) throw invalidParams(`Unknown prompt: ${String(params.name)}`);
  const args = params.arguments ?? {};
  if (!isObject(args) || Object.values(args).some((v) => typeof v !== "string")) {
    throw invalidParams("prompt arguments must be an object of strings");
  }
  for (const a of prompt.arguments ?? []) {
    if (a.required && args[a.name] === void 0) throw invalidParams(`missing required prompt argument: ${a.name}`);
  }
  return runFlow(request2, scope, {
    invoke: async (ctx) => prompt.handler(args, ctx),
    finish: (ret) => promptResult(ret, prompt.description),
    legacyRefusal: refusalError
  });
}
function discover(scope) {
  const { server: server2 } = scope;
  const result = {
    supportedVersions: [...server2.versions],
    capabilities: server2.capabilities(),
    ttlMs: server2.listTtlMs,
    cacheScope: "public"
  };
  if (server2.instructions !== void 0) result.instructions = server2.instructions;
  return result;
}
async function routeRequest(request2, scope) {
  const params = request2.params ?? {};
  const ttl = scope.server.listTtlMs;
  switch (request2.method) {
    case "server/discover":
      if (scope.era !== "modern") throw methodNotFound(request2.method);
      return discover(scope);
    case "tools/list":
      noCursor(params);
      return cacheable(scope, listTools(scope.server), ttl, "public");
    case "resources/list":
      noCursor(params);
      return cacheable(scope, listResources(scope.server), ttl, "public");
    case "resources/templates/list":
      noCursor(params);
      return cacheable(scope, listResourceTemplates(scope.server), ttl, "public");
    case "prompts/list":
      noCursor(params);
      return cacheable(scope, listPrompts(scope.server), ttl, "public");
    case "tools/call":
      return callTool(request2, scope);
    case "resources/read":
      return readResource(request2, scope);
    case "prompts/get":
      return getPrompt(request2, scope);
    case "subscriptions/listen":
      if (scope.era !== "modern") throw methodNotFound(request2.method);
      return listen(request2, scope);
    case "completion/complete":
      return { completion: { values: [], total: 0, hasMore: false } };
    default:
      throw methodNotFound(request2.method);
  }
}

// src/server/session.ts
var LEGACY_ONLY = /* @__PURE__ */ new Set(["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"]);
var ServerSession = class {
  connection;
  #server;
  #caller;
  #inflight = /* @__PURE__ */ new Map();
  #legacy;
  #unlisten;
  /** Initialize era: the resource URIs this session subscribed to (resources/subscribe). */
  #watched = /* @__PURE__ */ new Set();
  constructor(server2, options) {
    this.#server = server2;
    this.#caller = options.caller ?? "anonymous";
    this.connection = new Connection({
      send: (message, o) => options.send(message, o?.relatedRequestId === void 0 ? void 0 : { relatedRequestId: o.relatedRequestId }),
      onRequest: (request2, context) => this.#dispatch(request2, context),
      onNotification: (n) => this.#notification(n),
      clock: server2.clock,
      nextId: /* @__PURE__ */ (() => {
        let n = 0;
        return () => `s${++n}`;
      })()
    });
  }
  /** The revision negotiated by `initialize`, when this is an initialize-era session. */
  get legacyRevision() {
    return this.#legacy?.revision;
  }
  /** Feeds one message from the client. */
  receive(message, context = {}) {
    this.connection.receive(message, context);
  }
  /** Ends the session: pending server→client requests fail and in-flight handlers are aborted. */
  close() {
    this.#unlisten?.();
    for (const controller of this.#inflight.values()) controller.abort();
    this.connection.close();
  }
  async #dispatch(request2, context) {
    const params = request2.params ?? {};
    const meta = isObject(params._meta) ? params._meta : void 0;
    if (meta && META.protocolVersion in meta) return this.#modern(request2, meta, context);
    if (request2.method === "initialize") return this.#initialize(params);
    if (this.#legacy) return this.#legacyRequest(request2, context);
    throw invalidParams(
      `missing _meta["${META.protocolVersion}"]: send it on every request (2026-07-28), or open an initialize-era session with initialize`
    );
  }
  #initialize(params) {
    const requested = params.protocolVersion;
    const legacyVersions = this.#server.versions.filter((v) => eraOf(v) === "legacy");
    if (legacyVersions.length === 0) {
      throw invalidParams("this server does not speak initialize-era revisions", {
        supported: this.#server.versions,
        requested
      });
    }
    if (typeof requested !== "string") throw invalidParams("initialize needs a protocolVersion string");
    const revision = legacyVersions.includes(requested) ? requested : newestFirst(legacyVersions)[0];
    this.#legacy = {
      revision,
      capabilities: isObject(params.capabilities) ? params.capabilities : {},
      clientInfo: isObject(params.clientInfo) ? params.clientInfo : void 0,
      initialized: false,
      logLevel: void 0
    };
    if ((this.#server.listChanged || this.#server.resourceSubscribe) && !this.#unlisten) {
      this.#unlisten = this.#server.changes.subscribe((change) => {
        const wanted2 = change.kind === "resource" ? this.#watched.has(change.uri) : this.#server.listChanged;
        const params2 = change.kind === "resource" ? { uri: change.uri } : void 0;
        if (wanted2) void this.connection.notify(changeMethod(change), params2).catch(() => void 0);
      });
    }
    const result = {
      protocolVersion: revision,
      capabilities: this.#server.capabilities(),
      serverInfo: this.#server.info
    };
    if (this.#server.instructions !== void 0) result.instructions = this.#server.instructions;
    return result;
  }
  async #modern(request2, meta, context) {
    const requested = meta[META.protocolVersion];
    const supported = this.#server.versions;
    if (typeof requested !== "string") throw invalidParams(`_meta["${META.protocolVersion}"] must be a string`);
    if (!supported.includes(requested) || eraOf(requested) !== "modern") {
      throw rpcError(ErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${requested}`, { supported, requested });
    }
    const capabilities = meta[META.clientCapabilities];
    if (!isObject(capabilities)) throw invalidParams(`missing _meta["${META.clientCapabilities}"]: declare capabilities on every request ({} for none)`);
    if (LEGACY_ONLY.has(request2.method) || request2.method.startsWith("tasks/")) throw methodNotFound(request2.method);
    const clientInfo = isObject(meta[META.clientInfo]) ? meta[META.clientInfo] : void 0;
    const logLevel = typeof meta[META.logLevel] === "string" ? meta[META.logLevel] : void 0;
    const result = await this.#route(request2, context, {
      revision: requested,
      era: "modern",
      clientCapabilities: capabilities,
      clientInfo,
      logLevel
    });
    if (result.resultType === void 0) result.resultType = "complete";
    result._meta = { ...isObject(result._meta) ? result._meta : {}, [META.serverInfo]: this.#server.info };
    return result;
  }
  async #legacyRequest(request2, context) {
    const legacy = this.#legacy;
    if (request2.method === "ping") return {};
    if (request2.method === "logging/setLevel") {
      const level = request2.params?.level;
      if (typeof level !== "string") throw invalidParams("logging/setLevel needs a level");
      legacy.logLevel = level;
      return {};
    }
    if (request2.method === "server/discover" || request2.method === "subscriptions/listen") throw methodNotFound(request2.method);
    if (request2.method === "resources/subscribe" || request2.method === "resources/unsubscribe") {
      if (!this.#server.resourceSubscribe) throw methodNotFound(request2.method);
      const uri = request2.params?.uri;
      if (typeof uri !== "string") throw invalidParams(`${request2.method} needs a uri`);
      if (request2.method === "resources/subscribe") this.#watched.add(uri);
      else this.#watched.delete(uri);
      return {};
    }
    return this.#route(request2, context, {
      revision: legacy.revision,
      era: "legacy",
      clientCapabilities: legacy.capabilities,
      clientInfo: legacy.clientInfo,
      logLevel: legacy.logLevel ?? "debug"
    });
  }
  async #route(request2, context, scope) {
    const controller = new AbortController();
    this.#inflight.set(request2.id, controller);
    try {
      return await routeRequest(request2, {
        ...scope,
        server: this.#server,
        connection: this.connection,
        caller: context.caller ?? this.#caller,
        signal: controller.signal,
        requestId: request2.id
      });
    } finally {
      this.#inflight.delete(request2.id);
    }
  }
  #notification(n) {
    if (n.method === "notifications/initialized" && this.#legacy) this.#legacy.initialized = true;
    if (n.method === "notifications/cancelled") {
      const id = n.params?.requestId;
      if (typeof id === "string" || typeof id === "number") this.#inflight.get(id)?.abort();
    }
  }
};

// src/core/transport/lines.ts
var MAX_LINE_CHARS = 16 * 1024 * 1024;

// src/core/input/builders.ts
function elicit(message, requestedSchema = { type: "object", properties: {} }) {
  const schema = requestedSchema.properties === void 0 ? { ...requestedSchema, properties: {} } : requestedSchema;
  return { method: "elicitation/create", params: { mode: "form", message, requestedSchema: schema } };
}

// src/server/demo/seedTools.ts
var greet = {
  name: "greet",
  description: "Greets whoever the user names",
  handler: (_args, ctx) => {
    const answer = inputResponse(ctx, "who");
    if (answer) {
      return answer.action === "accept" ? `Hello, ${String(answer.content?.name)}!` : toolError("No name given");
    }
    return inputRequired({
      who: elicit("Who should I greet?", { type: "object", properties: { name: { type: "string" } }, required: ["name"] })
    });
  }
};

// src/server/http/handler.ts
import { createServer } from "node:http";

// src/server/http/legacy.ts
import { randomUUID } from "node:crypto";

// src/server/http/wire.ts
import { createHash } from "node:crypto";
function statusForError(code) {
  switch (code) {
    case ErrorCode.MethodNotFound:
      return 404;
    case ErrorCode.InvalidParams:
    case ErrorCode.InvalidRequest:
    case ErrorCode.ParseError:
    case ErrorCode.HeaderMismatch:
    case ErrorCode.MissingRequiredClientCapability:
    case ErrorCode.UnsupportedProtocolVersion:
      return 400;
    default:
      return 200;
  }
}
var MAX_BODY_BYTES = 4 * 1024 * 1024;
function readBody(req, limit = MAX_BODY_BYTES) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(over ? "too-large" : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
function header(req, name) {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
function decodeHeaderValue(value) {
  const m = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  return m ? Buffer.from(m[1] ?? "", "base64").toString("utf8") : value;
}
function callerOf(req) {
  const auth = header(req, "authorization");
  return auth ? `auth:${createHash("sha256").update(auth).digest("base64url")}` : "anonymous";
}
function writeJson(res, status, message, extra = {}) {
  if (message === void 0) {
    res.writeHead(status, extra).end();
    return;
  }
  const body = JSON.stringify(message);
  res.writeHead(status, { ...extra, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }).end(body);
}
function startSse(res, extra = {}) {
  res.writeHead(200, {
    ...extra,
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no"
  });
  res.flushHeaders();
}
function writeSseEvent(res, data, id) {
  res.write(`${id === void 0 ? "" : `id: ${id}
`}event: message
data: ${data}

`);
}
var LOOPBACK_HOSTS = /* @__PURE__ */ new Set(["127.0.0.1", "localhost", "[::1]"]);
function hostOnly(hostHeader) {
  return hostHeader.startsWith("[") ? hostHeader.slice(0, hostHeader.indexOf("]") + 1) : hostHeader.split(":")[0] ?? "";
}
function hostAllowed(req, allowedHosts) {
  const host = header(req, "host");
  if (!host) return false;
  return allowedHosts ? allowedHosts.includes(host) || allowedHosts.includes(hostOnly(host)) : LOOPBACK_HOSTS.has(hostOnly(host));
}
function originAllowed(origin, allowedOrigins) {
  if (origin === void 0) return true;
  if (allowedOrigins) return allowedOrigins.includes("*") || allowedOrigins.includes(origin);
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}
function corsHeaders(req) {
  const origin = header(req, "origin");
  if (!origin) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    Vary: "Origin",
    "Access-Control-Expose-Headers": "Mcp-Session-Id, MCP-Protocol-Version"
  };
}
function preflight(req, res) {
  res.writeHead(204, {
    ...corsHeaders(req),
    "Access-Control-Allow-Methods": "POST, GET, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": header(req, "access-control-request-headers") ?? "content-type",
    "Access-Control-Max-Age": "600"
  }).end();
}

// src/server/http/legacy.ts
var LegacyHttpSession = class {
  id = randomUUID();
  session;
  #byRequest = /* @__PURE__ */ new Map();
  #streams = /* @__PURE__ */ new Map();
  #standalone;
  lastSeen = Date.now();
  /** Called when `initialize` itself was refused: no session was opened, so none may linger. */
  onRefused;
  constructor(server2, caller) {
    this.session = new ServerSession(server2, { caller, send: async (m, o) => this.#route(m, o?.relatedRequestId) });
  }
  /** Opens the SSE stream that answers one client request; the response ends it. */
  openStream(requestId, res, cors) {
    const stream = { id: randomUUID().slice(0, 8), res, events: [], complete: false };
    this.#byRequest.set(requestId, stream);
    this.#streams.set(stream.id, stream);
    startSse(res, { ...cors, "Mcp-Session-Id": this.id });
    res.on("close", () => {
      if (stream.res === res) stream.res = void 0;
    });
  }
  openStandalone(res, cors) {
    this.#standalone?.end();
    this.#standalone = res;
    startSse(res, { ...cors, "Mcp-Session-Id": this.id });
    res.on("close", () => {
      if (this.#standalone === res) this.#standalone = void 0;
    });
  }
  /** Resumes a stream after `Last-Event-ID`: replays what came after it, then goes on live. */
  resume(lastEventId, res, cors) {
    const [streamId] = lastEventId.split("-");
    const stream = streamId === void 0 ? void 0 : this.#streams.get(streamId);
    if (!stream) return false;
    startSse(res, { ...cors, "Mcp-Session-Id": this.id });
    const from = stream.events.findIndex((e) => e.id === lastEventId);
    for (const e of stream.events.slice(from + 1)) writeSseEvent(res, e.data, e.id);
    if (stream.complete) {
      res.end();
      this.#streams.delete(stream.id);
    } else {
      stream.res = res;
    }
    return true;
  }
  async #route(message, relatedRequestId) {
    const final = isResponse(message) && message.id != null ? message.id : void 0;
    const key = final ?? relatedRequestId;
    const stream = key === void 0 ? void 0 : this.#byRequest.get(key);
    const data = JSON.stringify(message);
    if (!stream) {
      if (this.#standalone) writeSseEvent(this.#standalone, data);
      return;
    }
    const event = { id: `${stream.id}-${stream.events.length + 1}`, data };
    stream.events.push(event);
    if (stream.res) writeSseEvent(stream.res, data, event.id);
    if (final !== void 0 && isErrorResponse(message) && this.session.legacyRevision === void 0) this.onRefused?.();
    if (final !== void 0) {
      stream.complete = true;
      this.#byRequest.delete(final);
      if (stream.res) {
        stream.res.end();
        this.#streams.delete(stream.id);
      }
    }
  }
  close() {
    this.session.close();
    this.#standalone?.end();
    for (const s of this.#streams.values()) s.res?.end();
  }
};
var LegacySessions = class {
  #sessions = /* @__PURE__ */ new Map();
  #server;
  constructor(server2) {
    this.#server = server2;
  }
  get size() {
    return this.#sessions.size;
  }
  /** `initialize` opens a session; its id goes back in Mcp-Session-Id. */
  initialize(req, res, message, caller) {
    const entry = new LegacyHttpSession(this.#server, caller);
    this.#sessions.set(entry.id, entry);
    entry.onRefused = () => this.#sessions.delete(entry.id);
    this.#post(entry, req, res, message, caller);
  }
  /** A POST that names a session. 404 tells the client its session is gone (spec: start again). */
  post(req, res, message, caller, sessionId) {
    const entry = this.#sessions.get(sessionId);
    if (!entry) {
      writeJson(res, 404, errorResponse(isRequest(message) ? message.id : null, { code: -32001, message: "Session not found" }), corsHeaders(req));
      return;
    }
    this.#post(entry, req, res, message, caller);
  }
  #post(entry, req, res, message, caller) {
    entry.lastSeen = Date.now();
    const cors = corsHeaders(req);
    if (!isRequest(message)) {
      entry.session.receive(message, { caller });
      writeJson(res, 202, void 0, { ...cors, "Mcp-Session-Id": entry.id });
      return;
    }
    entry.openStream(message.id, res, cors);
    entry.session.receive(message, { caller });
  }
  get(req, res, sessionId) {
    const cors = corsHeaders(req);
    const entry = this.#sessions.get(sessionId);
    if (!entry) {
      writeJson(res, 404, errorResponse(null, { code: -32001, message: "Session not found" }), cors);
      return;
    }
    const last = header(req, "last-event-id");
    if (last !== void 0) {
      if (!entry.resume(last, res, cors)) writeJson(res, 404, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "unknown Last-Event-ID" }), cors);
      return;
    }
    entry.openStandalone(res, cors);
  }
  delete(req, res, sessionId) {
    const entry = this.#sessions.get(sessionId);
    entry?.close();
    this.#sessions.delete(sessionId);
    writeJson(res, entry ? 200 : 404, void 0, corsHeaders(req));
  }
  closeAll() {
    for (const entry of this.#sessions.values()) entry.close();
    this.#sessions.clear();
  }
};

// src/server/http/modern.ts
var NAME_SOURCES2 = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };
function headerMismatch(req, message) {
  const meta = isObject(message.params?._meta) ? message.params._meta : {};
  const version = header(req, "mcp-protocol-version");
  if (version === void 0) return "missing MCP-Protocol-Version header";
  if (version !== meta[META.protocolVersion]) return `MCP-Protocol-Version header (${version}) does not match _meta (${String(meta[META.protocolVersion])})`;
  const method = header(req, "mcp-method");
  if (method === void 0) return "missing Mcp-Method header";
  if (method !== message.method) return `Mcp-Method header (${method}) does not match the body (${message.method})`;
  const source = NAME_SOURCES2[message.method];
  if (source) {
    const name = header(req, "mcp-name");
    const expected = message.params?.[source];
    if (name === void 0) return "missing Mcp-Name header";
    if (decodeHeaderValue(name) !== expected) return `Mcp-Name header does not match params.${source}`;
  }
  return void 0;
}
function serveModernPost(server2, req, res, message, caller) {
  const cors = corsHeaders(req);
  if (!isRequest(message)) {
    writeJson(res, 202, void 0, cors);
    return;
  }
  const mismatch = headerMismatch(req, message);
  if (mismatch && isObject(message.params?._meta) && META.protocolVersion in message.params._meta) {
    writeJson(res, 400, errorResponse(message.id, { code: ErrorCode.HeaderMismatch, message: mismatch }), cors);
    return;
  }
  let streaming = false;
  let done = false;
  const session = new ServerSession(server2, {
    caller,
    send: async (out) => {
      if (done) return;
      const isFinal = "id" in out && out.id === message.id && !("method" in out);
      if (!isFinal) {
        if (!streaming) {
          streaming = true;
          startSse(res, cors);
        }
        writeSseEvent(res, JSON.stringify(out));
        return;
      }
      done = true;
      if (streaming) {
        writeSseEvent(res, JSON.stringify(out));
        res.end();
      } else {
        writeJson(res, isErrorResponse(out) ? statusForError(out.error.code) : 200, out, cors);
      }
    }
  });
  res.on("close", () => {
    if (!done) session.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: message.id, reason: "response stream closed" } });
    session.close();
  });
  session.receive(message, { caller });
}

// src/server/http/handler.ts
function createHttpHandler(server2, options = {}) {
  const path = options.path ?? "/mcp";
  const legacy = new LegacySessions(server2);
  const identify = options.callerOf ?? callerOf;
  const handler = ((req, res) => {
    void handle(req, res).catch((e) => {
      if (!res.headersSent) writeJson(res, 500, errorResponse(null, { code: ErrorCode.InternalError, message: String(e) }));
      else res.end();
    });
  });
  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const cors = corsHeaders(req);
    if (!hostAllowed(req, options.allowedHosts)) return void writeJson(res, 403, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "Host not allowed" }));
    if (!originAllowed(header(req, "origin"), options.allowedOrigins)) {
      return void writeJson(res, 403, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "Origin not allowed" }));
    }
    if (url.pathname !== path) return void writeJson(res, 404, void 0, cors);
    if (req.method === "OPTIONS") return preflight(req, res);
    const sessionId = header(req, "mcp-session-id");
    if (req.method === "GET") {
      if (sessionId) return legacy.get(req, res, sessionId);
      return void writeJson(res, 405, void 0, { ...cors, Allow: "POST" });
    }
    if (req.method === "DELETE") {
      if (sessionId) return legacy.delete(req, res, sessionId);
      return void writeJson(res, 405, void 0, { ...cors, Allow: "POST" });
    }
    if (req.method !== "POST") return void writeJson(res, 405, void 0, { ...cors, Allow: "POST, GET, DELETE" });
    const body = await readBody(req);
    if (body === "too-large") return void writeJson(res, 413, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "body too large" }), cors);
    const parsed = parseFrame(body);
    if (!parsed.ok) return void writeJson(res, 400, errorResponse(null, { code: ErrorCode.ParseError, message: parsed.reason }), cors);
    const message = parsed.message;
    const caller = identify(req);
    const meta = isRequest(message) && isObject(message.params?._meta) ? message.params._meta : void 0;
    const modern = meta !== void 0 && META.protocolVersion in meta;
    if (!modern && isRequest(message) && message.method === "initialize") return legacy.initialize(req, res, message, caller);
    if (!modern && sessionId) return legacy.post(req, res, message, caller, sessionId);
    serveModernPost(server2, req, res, message, caller);
  }
  Object.defineProperty(handler, "legacySessions", { value: legacy });
  handler.close = () => legacy.closeAll();
  return handler;
}
function startHttpServer(server2, options = {}) {
  const handler = createHttpHandler(server2, options);
  const http = createServer(handler);
  const host = options.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => {
      const port = http.address().port;
      resolve({
        url: `http://${host}:${port}${options.path ?? "/mcp"}`,
        port,
        server: http,
        handler,
        close: () => new Promise((done) => {
          handler.close();
          http.closeAllConnections();
          http.close(() => done());
        })
      });
    });
  });
}

// bench/.scratch/http3.ts
var srv = await startHttpServer(server({ name: "presa", version: "1", tools: [greet] }));
var client = await connect(new StreamableHttpTransport(srv.url), { handlers: { "elicitation/create": () => ({ action: "accept", content: { name: "Ada" } }) } });
var params1 = { name: "greet", arguments: {} };
var orig = Error.captureStackTrace;
var shown = 0;
globalThis.__hook = (e) => {
  if (shown++ < 3) console.log(new Error("trace").stack);
};
for (let i = 0; i < 3; i++) await client.request("tools/call", params1);
await client.close();
await srv.close();
