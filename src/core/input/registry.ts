/**
 * The one list of input kinds. A new kind is a file under kinds/ and one line here; everything else
 * (checking, answering, declaring, words, recording and matching) looks the kind up by its method
 * and params, as the TypeScript SDK and vscode-jsonrpc look a handler up by method.
 */
import { McpError } from "../errors";
import { mergeCapabilities, type CapabilityMode } from "../protocol/capabilities";
import type { ClientCapabilities, CreateMessageResult, ElicitResult, InputRequest, ListRootsResult } from "../protocol/types";
import type { DeclareExtras, InputKindSpec, KindModes } from "./kind";
import { formKind } from "./kinds/form";
import { rootsKind } from "./kinds/roots";
import { samplingKind } from "./kinds/sampling";
import { urlKind } from "./kinds/url";

const KINDS: InputKindSpec[] = [formKind, urlKind, samplingKind, rootsKind];

/** Every kind the core knows, in the order capabilities are declared. */
export function inputKinds(): readonly InputKindSpec[] {
  return KINDS;
}

/**
 * Adds a kind at run time (an extension, or a test that shows what each layer does with a kind it
 * has never seen); returns the undo. A built-in kind is listed in KINDS above instead.
 */
export function registerInputKind(kind: InputKindSpec): () => void {
  if (KINDS.some((k) => k.id === kind.id)) throw new Error(`an input kind named "${kind.id}" is already registered`);
  KINDS.push(kind);
  return () => {
    const at = KINDS.indexOf(kind);
    if (at >= 0) KINDS.splice(at, 1);
  };
}

/** The methods a server may ask the client with. */
export function inputMethods(): string[] {
  return [...new Set(KINDS.map((k) => k.method))];
}

export function isInputKindMethod(method: unknown): boolean {
  return typeof method === "string" && KINDS.some((k) => k.method === method);
}

/** The kind a request of `method` with these params is; undefined when no registered kind claims it. */
export function inputKindOf(method: string, params: Record<string, unknown> | undefined): InputKindSpec | undefined {
  const p = params ?? {};
  return KINDS.find((k) => k.method === method && (k.claims === undefined || k.claims(p)));
}

export function inputKindNamed(id: string): InputKindSpec | undefined {
  return KINDS.find((k) => k.id === id);
}

/** The kind of an input request, or a protocol error in words when the core knows no such kind. */
export function kindOfRequest(request: { method: string; params?: unknown }): InputKindSpec {
  const kind = inputKindOf(request.method, paramsOf(request));
  if (!kind) throw new McpError({ kind: "protocol", message: `unknown input kind: ${request.method.slice(0, 80)}` });
  return kind;
}

export function paramsOf(request: { params?: unknown }): Record<string, unknown> {
  const p = request.params;
  return typeof p === "object" && p !== null && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
}

/** Whether declared capabilities cover an input request. `elicitation: {}` means form only. */
export function covers(declared: ClientCapabilities | undefined, request: InputRequest): boolean {
  if (!declared) return false;
  const kind = inputKindOf(request.method, paramsOf(request));
  return kind !== undefined && kind.covered(declared, paramsOf(request));
}

/** The client capability an input request needs, in the shape of -32021's `data.requiredCapabilities` (SEP-2575). */
export function requiredCapability(request: InputRequest): ClientCapabilities {
  return kindOfRequest(request).required(paramsOf(request));
}

/**
 * The capabilities a client declares from its modes: anything not "off" is declared, whether or
 * not a handler stands behind it ("declared" reaches the core's `unsupported` path on purpose).
 * `extras` adds sampling with tools and a listChanged roots list (README "The other ways a server asks").
 */
export function capabilitiesFromModes(modes: KindModes, extras: DeclareExtras = {}): ClientCapabilities {
  return mergeCapabilities(...KINDS.filter((k) => isOn(modes[k.mode])).map((k) => k.declare(extras)));
}

function isOn(mode: CapabilityMode | undefined): boolean {
  return mode !== undefined && mode !== "off";
}

/** The capabilities implied by the methods a client has handlers for. */
export function capabilitiesForMethods(methods: (method: string) => boolean, extras: DeclareExtras = {}): ClientCapabilities {
  return mergeCapabilities(...KINDS.filter((k) => methods(k.method)).map((k) => k.declare(extras)));
}

/** The answer shape of each built-in kind. */
export interface AnswerShapes {
  form: ElicitResult;
  url: ElicitResult;
  sampling: CreateMessageResult;
  roots: ListRootsResult;
}

/**
 * An answer tagged with the kind it answers: where an answer travels apart from its question (a
 * refusal or a default answer the app and the command line pick), the tag says its shape.
 */
export type InputAnswer = { [K in keyof AnswerShapes]: { kind: K; response: AnswerShapes[K] } }[keyof AnswerShapes];

/**
 * What came back for a question of kind `id`, if it has that kind's shape: how a server reads an
 * answer it asked for, by the kind it asked, instead of guessing from the fields.
 */
export function answerAs<K extends keyof AnswerShapes>(id: K, value: unknown): AnswerShapes[K] | undefined {
  const kind = inputKindNamed(id);
  return kind?.isAnswer(value) ? (value as AnswerShapes[K]) : undefined;
}
