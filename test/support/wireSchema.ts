/**
 * Test-only wire validator: checks one JSON-RPC frame against the official MCP `schema.json` of a revision
 * (vendored under test/fixtures/mcp-schema). Which definition applies is read from the schema itself: the
 * `ClientRequest` / `ServerRequest` / `ClientNotification` / `ServerNotification` unions give method →
 * definition, and `XRequest` is answered by `XResult` (legacy) or `XResultResponse` (2026-07-28).
 *
 * Drafts: 2024-11-05 … 2025-06-18 are draft-07 (`definitions`), 2025-11-25 and 2026-07-28 are draft 2020-12
 * (`$defs`), so each revision gets its own Ajv instance of the matching class.
 *
 * Known schema.json limitation, deliberately not patched: the generated schema
 * types elicitation `content` values as `["string","integer","boolean"]` (or `string[]`), while the TS source
 * of truth allows `number`. A form answer such as `95.5` therefore fails `ElicitResult` here even though it
 * is a valid answer. Tests that need such a value must expect the failure, not widen the schema.
 */
import { readFileSync } from "node:fs";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

export const WIRE_REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const;
export type WireRevision = (typeof WIRE_REVISIONS)[number];
export type Sender = "client" | "server";

export interface FrameContext {
  /** Who put the frame on the wire. */
  sender: Sender;
  /** For a response: the method of the request it answers (required for result responses). */
  answers?: string;
  /** 2025-11-25: the answered request carried `params.task`, so its result is a `CreateTaskResult`. */
  taskAugmented?: boolean;
  /** 2026-07-28: `resultType` values added by extensions the client advertised (e.g. "task"). */
  extraResultTypes?: readonly string[];
}

export type FrameVerdict = { ok: true } | { ok: false; definition: string; errors: string };

interface SchemaNode {
  $ref?: string;
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  const?: unknown;
}

interface RevisionModel {
  revision: WireRevision;
  ajv: Ajv;
  /** The key the schema is registered under in `ajv` (it has no `$id` of its own). */
  id: string;
  /** Prefix for a `$ref` into this revision's schema, e.g. `urn:…:2024-11-05#/definitions/`. */
  refBase: string;
  defs: Record<string, SchemaNode>;
  requests: Record<Sender, Map<string, string>>;
  notifications: Record<Sender, Map<string, string>>;
  resultEnvelope: string;
  errorEnvelope: string;
  errorsByCode: Map<number, string>;
}

/** Only these three may answer `input_required`; the schema says so via the `*ResultResponse` anyOf. */
const INPUT_REQUIRED = "InputRequiredResult";
const CORE_RESULT_TYPES = ["complete", "input_required"];

const models = new Map<WireRevision, RevisionModel>();
const validators = new Map<string, ValidateFunction>();

function loadModel(revision: WireRevision): RevisionModel {
  const cached = models.get(revision);
  if (cached) return cached;
  const url = new URL(`../fixtures/mcp-schema/${revision}/schema.json`, import.meta.url);
  const schema = JSON.parse(readFileSync(url, "utf8")) as Record<string, unknown> & { $schema: string };
  const is2020 = schema.$schema.includes("2020-12");
  const defsKey = is2020 ? "$defs" : "definitions";
  const defs = schema[defsKey] as Record<string, SchemaNode>;
  const ajv = is2020 ? new Ajv2020({ strict: false }) : new Ajv({ strict: false });
  addFormats(ajv);
  const id = `urn:presa:mcp-schema:${revision}`;
  ajv.addSchema(schema, id);
  const refBase = `${id}#/${defsKey}/`;
  const methodsOfUnion = (name: string): Map<string, string> => {
    const map = new Map<string, string>();
    const union = defs[name];
    if (!union) return map;
    const members = union.anyOf?.map((m) => m.$ref?.slice(`#/${defsKey}/`.length) ?? "") ?? [name];
    for (const member of members) {
      const method = defs[member]?.properties?.method?.const;
      if (typeof method === "string") map.set(method, member);
    }
    return map;
  };
  const errorsByCode = new Map<number, string>();
  for (const [name, def] of Object.entries(defs)) {
    for (const part of def.properties?.error?.allOf ?? []) {
      const code = part.properties?.code?.const;
      if (typeof code === "number") errorsByCode.set(code, name);
    }
  }
  const model: RevisionModel = {
    revision,
    ajv,
    id,
    refBase,
    defs,
    requests: { client: methodsOfUnion("ClientRequest"), server: methodsOfUnion("ServerRequest") },
    notifications: { client: methodsOfUnion("ClientNotification"), server: methodsOfUnion("ServerNotification") },
    resultEnvelope: defs.JSONRPCResultResponse ? "JSONRPCResultResponse" : "JSONRPCResponse",
    errorEnvelope: defs.JSONRPCErrorResponse ? "JSONRPCErrorResponse" : "JSONRPCError",
    errorsByCode,
  };
  models.set(revision, model);
  return model;
}

/** A composite check: every part must hold. `resultOf` parts apply to the frame's `result` member. */
interface Check {
  definition: string;
  parts: { def: string; at?: "result" }[];
}

function compiled(model: RevisionModel, check: Check): ValidateFunction {
  const key = `${model.revision}|${check.parts.map((p) => `${p.at ?? ""}:${p.def}`).join("&")}`;
  let validate = validators.get(key);
  if (!validate) {
    const allOf = check.parts.map(({ def, at }) =>
      at ? { type: "object", properties: { [at]: { $ref: model.refBase + def } } } : { $ref: model.refBase + def },
    );
    validate = model.ajv.compile(allOf.length === 1 ? allOf[0]! : { allOf });
    validators.set(key, validate);
  }
  return validate;
}

function run(model: RevisionModel, check: Check, frame: unknown): FrameVerdict {
  const validate = compiled(model, check);
  if (validate(frame)) return { ok: true };
  const checked = check.parts.map((p) => (p.at ? `${p.at}: ${p.def}` : p.def)).join(" & ");
  return fail(check.definition, `checked against ${checked} (${model.revision})\n${formatErrors(model, validate.errors ?? [])}`);
}

function fail(definition: string, errors: string): FrameVerdict {
  return { ok: false, definition, errors };
}

function formatErrors(model: RevisionModel, errors: readonly ErrorObject[]): string {
  const lines = errors.slice(0, 25).map((e) => {
    const where = e.instancePath === "" ? "(frame)" : e.instancePath;
    const params = Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : "";
    const schemaPath = e.schemaPath.replace(model.id, "");
    return `  ${where} ${e.message ?? "is invalid"}${params} [${schemaPath}]`;
  });
  if (errors.length > 25) lines.push(`  … ${errors.length - 25} more`);
  return lines.join("\n");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function other(sender: Sender): Sender {
  return sender === "client" ? "server" : "client";
}

// ---------------------------------------------------------------------------------------------------
// The 2026-07-28 tasks extension (io.modelcontextprotocol/tasks): its methods are not in the core schema.
// They are checked against the extension's own schema.json (ext-tasks, vendored beside the others).

const EXT_TASKS_REQUESTS: Record<string, string> = {
  "tasks/get": "GetTaskRequest",
  "tasks/update": "UpdateTaskRequest",
  "tasks/cancel": "CancelTaskRequest",
};
const EXT_TASKS_RESULTS: Record<string, string> = {
  "tasks/get": "GetTaskResult",
  "tasks/update": "UpdateTaskResult",
  "tasks/cancel": "CancelTaskResult",
};

let extTasks: { ajv: Ajv; validators: Map<string, ValidateFunction> } | undefined;

function extTasksCheck(definition: string, value: unknown): FrameVerdict {
  if (!extTasks) {
    const url = new URL("../fixtures/mcp-schema/ext-tasks/schema.json", import.meta.url);
    const schema = JSON.parse(readFileSync(url, "utf8")) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(schema, "urn:presa:ext-tasks");
    extTasks = { ajv, validators: new Map() };
  }
  let validate = extTasks.validators.get(definition);
  if (!validate) {
    validate = extTasks.ajv.compile({ $ref: `urn:presa:ext-tasks#/$defs/${definition}` });
    extTasks.validators.set(definition, validate);
  }
  if (validate(value)) return { ok: true };
  const errors = (validate.errors ?? []).slice(0, 25).map((e) => `  ${e.instancePath || "(frame)"} ${e.message ?? "is invalid"} [${e.schemaPath}]`);
  return fail(definition, `checked against ext-tasks ${definition}\n${errors.join("\n")}`);
}

/** 2026-07-28 frames of the tasks extension, or undefined for every other frame. */
function validateExtTasks(model: RevisionModel, frame: Record<string, unknown>, context: FrameContext): FrameVerdict | undefined {
  if (model.revision !== "2026-07-28") return undefined;
  if (typeof frame.method === "string") {
    const def = EXT_TASKS_REQUESTS[frame.method];
    if (!def || context.sender !== "client") return undefined;
    return extTasksCheck(def, frame);
  }
  if (!("result" in frame)) return undefined;
  const result = frame.result;
  const def =
    context.answers !== undefined && EXT_TASKS_RESULTS[context.answers] !== undefined
      ? EXT_TASKS_RESULTS[context.answers]
      : context.answers === "tools/call" && isRecord(result) && result.resultType === "task" && context.extraResultTypes?.includes("task")
        ? "CreateTaskResult"
        : undefined;
  if (!def) return undefined;
  const envelope = run(model, { definition: model.resultEnvelope, parts: [{ def: model.resultEnvelope }] }, frame);
  return envelope.ok ? extTasksCheck(def, result) : envelope;
}

/** Validates a request, notification, result response or error response as sent by `context.sender`. */
export function validateFrame(revision: WireRevision, frame: unknown, context: FrameContext): FrameVerdict {
  const model = loadModel(revision);
  const { sender } = context;
  const extension = isRecord(frame) ? validateExtTasks(model, frame, context) : undefined;
  if (extension) return extension;
  if (!isRecord(frame)) return run(model, { definition: "JSONRPCMessage", parts: [{ def: "JSONRPCMessage" }] }, frame);
  if ("result" in frame && "error" in frame) {
    return fail("JSONRPCResponse", "a response carries exactly one of `result` and `error` (JSON-RPC 2.0 §5)");
  }

  if ("method" in frame) {
    const isRequest = "id" in frame;
    const table = isRequest ? model.requests[sender] : model.notifications[sender];
    const union = `${sender === "client" ? "Client" : "Server"}${isRequest ? "Request" : "Notification"}`;
    const def = typeof frame.method === "string" ? table.get(frame.method) : undefined;
    if (!def) {
      const none = table.size === 0 ? ` (${revision} has no ${union} at all: it predates multi-round results)` : "";
      const known = [...table.keys()].join(", ");
      return fail(union, `${JSON.stringify(frame.method)} is not a ${union} in ${revision}${none}; known: ${known || "none"}`);
    }
    const envelope = isRequest ? "JSONRPCRequest" : "JSONRPCNotification";
    return run(model, { definition: def, parts: [{ def: envelope }, { def }] }, frame);
  }

  if ("error" in frame) {
    const code = isRecord(frame.error) ? frame.error.code : undefined;
    const specific = typeof code === "number" ? model.errorsByCode.get(code) : undefined;
    const parts = [{ def: model.errorEnvelope }, ...(specific ? [{ def: specific }] : [])];
    return run(model, { definition: specific ?? model.errorEnvelope, parts }, frame);
  }

  if ("result" in frame) return validateResult(model, frame, context);

  return run(model, { definition: "JSONRPCMessage", parts: [{ def: "JSONRPCMessage" }] }, frame);
}

function validateResult(model: RevisionModel, frame: Record<string, unknown>, context: FrameContext): FrameVerdict {
  const { revision, defs } = model;
  const method = context.answers;
  if (method === undefined) throw new TypeError("validateFrame: a result response needs context.answers (the method)");
  const requestDef = model.requests[other(context.sender)].get(method);
  const resultUnion = `${context.sender === "client" ? "Client" : "Server"}Result`;
  if (!requestDef) {
    return fail(resultUnion, `no ${other(context.sender)} request ${JSON.stringify(method)} exists in ${revision} to answer`);
  }
  const base = requestDef.replace(/Request$/, "");

  if (context.taskAugmented) {
    if (!defs.CreateTaskResult) throw new TypeError(`validateFrame: ${revision} has no task-augmented requests`);
    return run(model, { definition: "CreateTaskResult", parts: [{ def: model.resultEnvelope }, { def: "CreateTaskResult", at: "result" }] }, frame);
  }

  const responseDef = `${base}ResultResponse`;
  const response = defs[responseDef];
  if (!response) {
    const resultDef = defs[`${base}Result`] ? `${base}Result` : "EmptyResult";
    return run(model, { definition: resultDef, parts: [{ def: model.resultEnvelope }, { def: resultDef, at: "result" }] }, frame);
  }

  // 2026-07-28: `XResultResponse.result` is `anyOf [InputRequiredResult, XResult]`, and InputRequiredResult only
  // requires a string `resultType`, so on its own that anyOf accepts `{resultType: "complete"}` with no content.
  // Dispatch on `resultType` instead and check the matching branch (unknown values are invalid).
  const branches = (response.properties?.result?.anyOf ?? [response.properties?.result ?? {}])
    .map((b) => b.$ref?.split("/").pop() ?? "")
    .filter((name) => name !== "");
  const allowsInputRequired = branches.includes(INPUT_REQUIRED);
  const completeDef = branches.find((name) => name !== INPUT_REQUIRED) ?? "Result";
  const result = frame.result;
  const resultType = isRecord(result) ? result.resultType : undefined;

  if (resultType === "input_required") {
    if (!allowsInputRequired) {
      return fail(responseDef, `resultType "input_required" is not allowed in answer to ${method} (only tools/call, prompts/get, resources/read)`);
    }
    const verdict = run(model, { definition: INPUT_REQUIRED, parts: [{ def: responseDef }, { def: INPUT_REQUIRED, at: "result" }] }, frame);
    if (verdict.ok && isRecord(result) && !("inputRequests" in result) && !("requestState" in result)) {
      // Stated in InputRequiredResult's description but not expressible in the generated schema.
      return fail(INPUT_REQUIRED, "at least one of `inputRequests` or `requestState` MUST be present");
    }
    return verdict;
  }
  if (typeof resultType === "string" && !CORE_RESULT_TYPES.includes(resultType)) {
    if (context.extraResultTypes?.includes(resultType)) {
      return run(model, { definition: model.resultEnvelope, parts: [{ def: model.resultEnvelope }] }, frame);
    }
    return fail(responseDef, `unrecognised resultType ${JSON.stringify(resultType)} (a client MUST treat it as invalid)`);
  }
  return run(model, { definition: responseDef, parts: [{ def: responseDef }, { def: completeDef, at: "result" }] }, frame);
}

/** Like `validateFrame`, but throws an Error naming the definition, the failing paths and the frame. */
export function expectValidFrame(revision: WireRevision, frame: unknown, context: FrameContext): void {
  const verdict = validateFrame(revision, frame, context);
  if (verdict.ok) return;
  const shown = JSON.stringify(frame);
  const answering = context.answers ? `, answering ${context.answers}` : "";
  throw new Error(
    `frame sent by ${context.sender}${answering} is not a valid ${revision} ${verdict.definition}:\n${verdict.errors}\n` +
      `frame: ${shown.length > 2000 ? `${shown.slice(0, 2000)}…` : shown}`,
  );
}

/** Validates any value against one named definition of a revision's schema. */
export function validateDefinition(revision: WireRevision, definition: string, value: unknown): FrameVerdict {
  const model = loadModel(revision);
  if (!(definition in model.defs)) throw new TypeError(`validateDefinition: ${revision} has no definition ${definition}`);
  return run(model, { definition, parts: [{ def: definition }] }, value);
}

/** The method tables derived from a revision's unions, for tests that pin the method sets themselves. */
export function methodsOf(revision: WireRevision): Record<"clientRequests" | "serverRequests" | "clientNotifications" | "serverNotifications", string[]> {
  const model = loadModel(revision);
  return {
    clientRequests: [...model.requests.client.keys()].sort(),
    serverRequests: [...model.requests.server.keys()].sort(),
    clientNotifications: [...model.notifications.client.keys()].sort(),
    serverNotifications: [...model.notifications.server.keys()].sort(),
  };
}
