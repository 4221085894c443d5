import { isObject } from "../../util/isObject";
import type { InputKindSpec } from "../kind";
import { shown } from "../../util/shown";

/** The client's roots (file:// URIs it lets the server see); it has no "dismissed" answer either. */
export const rootsKind: InputKindSpec = {
  id: "roots",
  method: "roots/list",
  mode: "roots",
  words: { title: "Roots", short: "roots", noun: "roots request", plural: "roots", name: "Roots" },
  checkRequest: () => undefined,
  isAnswer: (value) => isObject(value) && Array.isArray(value.roots),
  answerProblem(answer) {
    if (!Array.isArray(answer.roots)) return `roots: expected an array of {"uri": "file:///…"}, got ${shown(answer.roots)}`;
    const bad = answer.roots.findIndex((x) => !isObject(x) || typeof x.uri !== "string");
    return bad >= 0 ? `roots[${bad}]: expected {"uri": "file:///…", "name"?: "…"}, got ${shown(answer.roots[bad])}` : undefined;
  },
  question: () => "roots",
  summary: () => "the client's roots",
  declare: (extras) => ({ roots: extras.rootsListChanged ? { listChanged: true } : {} }),
  covered: (declared) => isObject(declared.roots),
  required: () => ({ roots: {} }),
};
