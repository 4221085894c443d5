import { McpError } from "../../errors";
import { checkElicitationUrl } from "../../mcp/inputLimits";
import type { InputKindSpec } from "../kind";
import { DECLINED, DISMISSED, ELICIT, declaredModes, isElicitAnswer, isUrlMode, requireMessage, elicitAnswerProblem } from "./elicitation";

/** A link for the user to visit out of band (URL mode); the client shows it and asks before opening. */
export const urlKind: InputKindSpec = {
  id: "url",
  method: ELICIT,
  claims: isUrlMode,
  mode: "elicitationUrl",
  words: { title: "Elicitation (URL)", short: "URL", noun: "URL elicitation", plural: "URL elicitations", name: "URL elicitation" },
  checkRequest(key, params) {
    requireMessage(key, params);
    if (typeof params.url !== "string") throw new McpError({ kind: "protocol", message: `URL elicitation "${key}" has no url` });
    // Hostile content: links that would run code.
    checkElicitationUrl(key, params.url);
  },
  isAnswer: isElicitAnswer,
  answerProblem: elicitAnswerProblem,
  dismissed: DISMISSED,
  declined: DECLINED,
  question: (params) => `url: ${String(params.message ?? "")}`,
  summary: (params) => (typeof params.url === "string" ? params.url : "(no url)"),
  declare: () => ({ elicitation: { url: {} } }),
  covered: (declared) => declaredModes(declared)?.url === true,
  required: () => ({ elicitation: { url: {} } }),
  undeclared: () => "elicitation (url mode)",
  invalidParams: () => true,
};
