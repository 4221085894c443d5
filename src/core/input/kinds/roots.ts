import { isObject } from "../../util/isObject";
import type { InputKindSpec } from "../kind";

/** The client's roots (file:// URIs it lets the server see); it has no "dismissed" answer either. */
export const rootsKind: InputKindSpec = {
  id: "roots",
  method: "roots/list",
  mode: "roots",
  words: { title: "Roots", short: "roots", noun: "roots request", plural: "roots", name: "Roots" },
  checkRequest: () => undefined,
  isAnswer: (value) => isObject(value) && Array.isArray(value.roots),
  question: () => "roots",
  summary: () => "the client's roots",
  declare: (extras) => ({ roots: extras.rootsListChanged ? { listChanged: true } : {} }),
  covered: (declared) => isObject(declared.roots),
  required: () => ({ roots: {} }),
};
