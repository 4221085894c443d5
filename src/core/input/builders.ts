import type {
  CreateMessageParams,
  ElicitationSchema,
  InputRequest,
  JsonObject,
  SamplingMessage,
} from "../protocol/types";

/** A form for the user: `requestedSchema` is a flat object of primitives (spec "Elicitation", form mode). */
export function elicit(message: string, requestedSchema: ElicitationSchema | JsonObject = { type: "object", properties: {} }): InputRequest {
  // `properties` is required on the wire in every revision's schema; the seed's `{type: "object"}` lacks it.
  const schema = requestedSchema.properties === undefined ? { ...requestedSchema, properties: {} } : requestedSchema;
  return { method: "elicitation/create", params: { mode: "form", message, requestedSchema: schema } };
}

/** A link for the user to visit out of band (URL mode); the client shows it and asks before opening. */
export function elicitUrl(message: string, url: string): InputRequest {
  return { method: "elicitation/create", params: { mode: "url", message, url } };
}

export interface SampleOptions extends Omit<CreateMessageParams, "messages" | "maxTokens"> {
  maxTokens?: number;
}

/**
 * A completion from the client's model. A string is one user text message; `maxTokens` is required
 * on the wire, so it defaults to a modest 256.
 */
export function sample(messages: string | SamplingMessage[], options: SampleOptions = {}): InputRequest {
  const list: SamplingMessage[] =
    typeof messages === "string" ? [{ role: "user", content: { type: "text", text: messages } }] : messages;
  const { maxTokens = 256, ...rest } = options;
  return { method: "sampling/createMessage", params: { ...rest, messages: list, maxTokens } };
}

/** The client's roots (file:// URIs it lets the server see). */
export function roots(): InputRequest {
  return { method: "roots/list", params: {} };
}
