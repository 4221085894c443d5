import { elicit, isObject, type ElicitResult } from "../../core/protocol";
import { inputRequired, inputResponse, type PromptDefinition, type ResourceDefinition, type ResourceTemplateDefinition } from "../definitions";

const readme: ResourceDefinition = {
  uri: "demo://readme",
  name: "readme",
  title: "Read me",
  description: "A plain resource with no input",
  mimeType: "text/markdown",
  ttlMs: 60_000,
  handler: () => "# presa demo server\n\nEvery tool here shows one way a server asks its client for input.",
};

/** A resource that takes input: reading it asks which city, and the read says ttlMs 0. */
const weather: ResourceDefinition = {
  uri: "demo://weather",
  name: "weather",
  title: "Weather report (asks for a city)",
  description: "Reading it asks which city first",
  mimeType: "text/plain",
  handler: (uri, ctx) => {
    const answer = inputResponse(ctx, "city") as ElicitResult | undefined;
    if (!answer) {
      return inputRequired({
        city: elicit("Which city's weather?", {
          type: "object",
          properties: { city: { type: "string", title: "City", enum: ["Lisbon", "Oslo", "Nairobi", "Lima"] } },
          required: ["city"],
        }),
      });
    }
    if (answer.action !== "accept") return [{ uri, mimeType: "text/plain", text: "No city chosen." }];
    const city = String(answer.content?.city);
    const report: Record<string, string> = { Lisbon: "sunny, 24°C", Oslo: "snow, -3°C", Nairobi: "cloudy, 19°C", Lima: "mist, 17°C" };
    return [{ uri, mimeType: "text/plain", text: `${city}: ${report[city] ?? "no report"}` }];
  },
};

const greeting: ResourceTemplateDefinition = {
  uriTemplate: "demo://greeting/{name}",
  name: "greeting",
  title: "Greeting for a name",
  mimeType: "text/plain",
  handler: (_uri, vars) => `Hello, ${vars.name ?? "stranger"}!`,
};

/** A prompt that takes input: it asks for the tone before it returns its messages. */
const tonePrompt: PromptDefinition = {
  name: "tone",
  title: "Write in a tone (asks which)",
  description: "Asks which tone, then returns a prompt for it",
  arguments: [{ name: "topic", description: "What to write about", required: true }],
  handler: (args, ctx) => {
    const answer = inputResponse(ctx, "tone") as ElicitResult | undefined;
    if (!answer) {
      return inputRequired({
        tone: elicit("Which tone should the text have?", {
          type: "object",
          properties: {
            tone: {
              type: "string",
              title: "Tone",
              oneOf: [
                { const: "formal", title: "Formal" },
                { const: "friendly", title: "Friendly" },
                { const: "pirate", title: "Pirate" },
              ],
              default: "friendly",
            },
          },
          required: ["tone"],
        }),
      });
    }
    const tone = answer.action === "accept" && isObject(answer.content) ? String(answer.content.tone) : "neutral";
    return [{ role: "user", content: { type: "text", text: `Write a short paragraph about ${args.topic ?? "anything"} in a ${tone} tone.` } }];
  },
};

const plainPrompt: PromptDefinition = {
  name: "hello",
  title: "Hello (no input)",
  description: "A prompt with no input rounds",
  handler: () => "Say hello to the user.",
};

export const demoResources = [readme, weather];
export const demoResourceTemplates = [greeting];
export const demoPrompts = [tonePrompt, plainPrompt];
