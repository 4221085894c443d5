import { Validator, type Schema } from "@cfworker/json-schema";
import { draftFor } from "../../../lib/schemaValidator";

/**
 * Checks a value against a schema the server sent, in words: the first thing that does not match
 * ("/address: Instance does not have required property \"city\""), or undefined when it matches. A
 * schema the validator cannot use (a bad pattern, an unresolvable $ref) is said so, never thrown, and
 * counts as a mismatch: an answer nobody could check does not go out unconfirmed.
 */
export function schemaMismatch(schema: unknown, value: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  try {
    const dialect = typeof (schema as { $schema?: unknown }).$schema === "string" ? ((schema as { $schema: string }).$schema) : undefined;
    const result = new Validator(schema as Schema, draftFor(dialect), false).validate(value);
    if (result.valid) return undefined;
    // cfworker lists the outer failures first ("properties do not match"); the last is the specific one.
    const specific = result.errors[result.errors.length - 1];
    if (!specific) return "it does not match the schema";
    const where = specific.instanceLocation.replace(/^#/, "") || "the value";
    return `${where}: ${specific.error.split("\n")[0]}`;
  } catch (e) {
    return `the schema cannot be checked (${(e as Error).message.split("\n")[0]})`;
  }
}
