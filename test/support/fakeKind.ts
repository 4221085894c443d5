/**
 * A made-up input kind, described once the way a real kind is (src/core/input/kinds/*.ts): the
 * server asks `fake/pickColour` with a `prompt` and the client answers `{colour}`. Registering it is
 * the one step a test takes; what each layer then does with it is what test/inputKinds.test.ts and test/inputKinds.app.test.ts show.
 */
import { McpError, isObject, type InputKindSpec } from "../../src/core";

export const FAKE_METHOD = "fake/pickColour";

export const fakeKind: InputKindSpec = {
  id: "colour",
  method: FAKE_METHOD,
  mode: "colour",
  words: { title: "Colour", short: "colour", noun: "colour question", plural: "colour questions", name: "Colour picking" },
  checkRequest(key, params) {
    if (typeof params.prompt !== "string") throw new McpError({ kind: "protocol", message: `colour question "${key}" has no prompt` });
  },
  isAnswer: (value) => isObject(value) && typeof value.colour === "string",
  answerProblem: (answer) => (typeof answer.colour === "string" ? undefined : `colour: expected the colour as text, got ${JSON.stringify(answer.colour) ?? "nothing"}`),
  question: (params) => `colour: ${String(params.prompt ?? "")}`,
  summary: (params) => String(params.prompt ?? ""),
  declare: () => ({ experimental: { colour: {} } }),
  covered: (declared) => isObject(declared.experimental) && isObject(declared.experimental.colour),
  required: () => ({ experimental: { colour: {} } }),
};
