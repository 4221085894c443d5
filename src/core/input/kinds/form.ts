import { McpError } from "../../errors";
import { checkRequestedSchema } from "../../mcp/inputLimits";
import { isObject } from "../../util/isObject";
import type { InputKindSpec } from "../kind";
import { DECLINED, DISMISSED, ELICIT, declaredModes, elicitAnswerProblem, isElicitAnswer, isUrlMode, requireMessage } from "./elicitation";

/** A form for the user: `requestedSchema` is a flat object of primitives (spec "Elicitation", form mode). */
export const formKind: InputKindSpec = {
  id: "form",
  method: ELICIT,
  claims: (params) => !isUrlMode(params),
  mode: "elicitationForm",
  words: { title: "Elicitation (form)", short: "form", noun: "form", plural: "forms", name: "Form elicitation" },
  checkRequest(key, params) {
    requireMessage(key, params);
    if (!isObject(params.requestedSchema)) throw new McpError({ kind: "protocol", message: `form elicitation "${key}" has no requestedSchema object` });
    // Hostile content: schemas deep or recursive enough to hurt.
    checkRequestedSchema(key, params.requestedSchema);
  },
  isAnswer: isElicitAnswer,
  answerProblem: (answer) =>
    elicitAnswerProblem(answer) ?? (answer.action === "accept" && answer.content === undefined ? 'content: an accepted form answer needs its field values, e.g. {"name": "Ada"}' : undefined),
  dismissed: DISMISSED,
  declined: DECLINED,
  question: (params) => `form: ${String(params.message ?? "")}`,
  summary: (params) => (typeof params.message === "string" ? params.message : "(no message)"),
  declare: () => ({ elicitation: { form: {} } }),
  covered: (declared) => declaredModes(declared)?.form === true,
  required: () => ({ elicitation: { form: {} } }),
  undeclared: () => "elicitation (form mode)",
  invalidParams: () => true,
};
