// The seed's examples (presa, Clojure), ported one for one. Shared by the acceptance tests of both
// transports and both eras.
import { type InputHandlers, type ElicitParams, REVISIONS } from "../../src/core";
import { server } from "../../src/server";
import { greet, twoSteps } from "../../src/server/demo/seedTools";

export const answers: InputHandlers = {
  "elicitation/create": (params: ElicitParams) => {
    const content: Record<string, Record<string, string>> = {
      "Who should I greet?": { name: "Ada" },
      "Name?": { name: "Ada" },
      "Color?": { color: "blue" },
    };
    return { action: "accept", content: content[params.message] ?? {} };
  },
};

export function seedServer(options: { stateSecret?: string } = {}) {
  return server({ name: "t", version: "1", versions: REVISIONS, tools: [greet, twoSteps], ...options });
}
