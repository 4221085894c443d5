/**
 * What the client core knows about one kind of question a server may ask: a form, a link to open, a
 * completion from the client's model, the client's roots, and whatever comes next. Each kind is one
 * object in its own file under kinds/, listed once in registry.ts; the client, the recordings, the
 * app and the command line read what they need from it instead of switching on methods.
 */
import type { McpError } from "../errors";
import type { CapabilityMode } from "../protocol/capabilities";
import type { ClientCapabilities, InputResponse } from "../protocol/types";

/** The words a kind goes by: every face (card, rounds, terminal, errors) takes them from here. */
export interface InputKindWords {
  /** A card's heading: "Elicitation (form)". */
  title: string;
  /** The short label of a rounds row or a diff: "form". */
  short: string;
  /** The kind as a noun in a sentence: "the sampling request", "a URL elicitation". */
  noun: string;
  /** Several of them: "Auto-answer URL elicitations". */
  plural: string;
  /** The kind as a subject naming what is declared: "Form elicitation is declared but ...". */
  name: string;
}

/** What the client declares for a kind, given the extras of README "The other ways a server asks". */
export interface DeclareExtras {
  samplingTools?: boolean;
  rootsListChanged?: boolean;
}

export interface InputKindSpec {
  /** The kind's own name ("form", "url", ...): how canned answers, replays, cards and prompts tell kinds apart. */
  readonly id: string;
  /** The JSON-RPC method it arrives as (inside `inputRequests`, or as a live server request). */
  readonly method: string;
  /**
   * Where several kinds share one method (form and URL elicitation), whether these params are this
   * kind's. A kind alone on its method leaves it out.
   */
  claims?(params: Record<string, unknown>): boolean;
  /** The capability toggle (app) and flag (command line) that say whether the client answers it. */
  readonly mode: string;
  readonly words: InputKindWords;
  /** Throws a protocol McpError when the server's request is not one this kind can show. */
  checkRequest(key: string, params: Record<string, unknown>): void;
  /** Whether a value has this kind's answer shape: a server reads what came back through this. */
  isAnswer(value: unknown): boolean;
  /**
   * Why a hand-written answer (an answers file's `response`) does not have this kind's shape, naming
   * the field and what it expects ("action: expected ..."); undefined when it has.
   */
  answerProblem(answer: Record<string, unknown>): string | undefined;
  /** Why an answer the client's handler gave cannot go to the server as is; undefined when it can. */
  replyProblem?(params: Record<string, unknown>, reply: Record<string, unknown>): string | undefined;
  /**
   * The answer the protocol has for "the user closed it" (Escape) and "the user said no"
   * (`--decline-unanswered`). A kind without one is refused instead, with an error naming it.
   */
  readonly dismissed?: InputResponse;
  readonly declined?: InputResponse;
  /**
   * A question's identity apart from its key: initialize-era questions are live requests whose ids
   * change every run, so recordings and canned answers find them by this instead.
   */
  question(params: Record<string, unknown>): string;
  /** What the question asks, in one unformatted line (a rounds row, a diff). */
  summary(params: Record<string, unknown>): string;
  /** The capabilities declared for it (merged with the other kinds'). */
  declare(extras: DeclareExtras): ClientCapabilities;
  /** Whether declared capabilities cover this request. */
  covered(declared: ClientCapabilities, params: Record<string, unknown>): boolean;
  /** The capability the request needs, as -32021's `data.requiredCapabilities` carries it. */
  required(params: Record<string, unknown>): ClientCapabilities;
  /** How the refusal names what was not declared; the method when left out. */
  undeclared?(declared: ClientCapabilities, params: Record<string, unknown>): string;
  /** The error code a refused live request (initialize era) goes back with when the request was malformed. */
  readonly invalidParams?: (declared: ClientCapabilities) => boolean;
}

/** A kind's modes as the app's toggles and the CLI's flags set them. */
export type KindModes = Readonly<Record<string, CapabilityMode | undefined>>;

/** Words for a refusal: the kind is declared, but no handler stands behind it. */
export type Unsupported = (kind: InputKindSpec) => McpError;
