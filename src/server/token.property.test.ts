// Property tests for requestState: 10,000 random tokens, each signed for a random scope and
// then put through 0 to 3 random mutations of token, params, method, caller, key and clock. A model of
// docs/request-state.md's acceptance rule says whether it must be accepted; verifyState must agree,
// and say which check refused it when one thing changed.
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JsonValue, DIGEST_EXCLUDED_PARAMS } from "../core";
import { createStateKey, signState, verifyState, type StateFailureReason, type StateScope } from "./token";

const RUNS = 10_000;

const METHODS = ["tools/call", "prompts/get", "resources/read", "tools/list", "x/y"];
const TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+/= p";

type Mutation =
  | { kind: "token"; op: "replace" | "insert" | "delete" | "truncate" | "append" | "swap" | "prefix" | "random"; at: number; text: string }
  | { kind: "params"; op: "name" | "argument" | "add" | "remove" | "reorder" | "excluded"; key: string; value: JsonValue }
  | { kind: "method"; method: string }
  | { kind: "caller"; caller: string }
  | { kind: "key"; secret: string }
  | { kind: "clock"; deltaFromExp: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("token" as const),
    op: fc.constantFrom("replace", "insert", "delete", "truncate", "append", "swap", "prefix", "random"),
    at: fc.nat(),
    text: fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant("params" as const),
    op: fc.constantFrom("name", "argument", "add", "remove", "reorder", "excluded"),
    key: fc.string({ maxLength: 6 }),
    value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>,
  }),
  fc.record({ kind: fc.constant("method" as const), method: fc.constantFrom(...METHODS) }),
  fc.record({ kind: fc.constant("caller" as const), caller: fc.constantFrom("anonymous", "auth:abc", "embedded", "") }),
  fc.record({ kind: fc.constant("key" as const), secret: fc.constantFrom("secret-a", "secret-b", "secret-c") }),
  // Negative: before expiry (also before iat, which the rule allows: clocks of two processes differ).
  fc.record({ kind: fc.constant("clock" as const), deltaFromExp: fc.integer({ min: -20_000_000, max: 20_000_000 }) }),
);

const base = fc.record({
  secret: fc.constantFrom("secret-a", "secret-b", "secret-c"),
  state: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>,
  method: fc.constantFrom(...METHODS),
  name: fc.string({ maxLength: 8 }),
  args: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>, { maxKeys: 4 }),
  caller: fc.constantFrom("anonymous", "auth:abc", "embedded"),
  now: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
  ttl: fc.integer({ min: 1, max: 10_000_000 }),
});

function mutateToken(token: string, m: Extract<Mutation, { kind: "token" }>): string {
  const at = token.length === 0 ? 0 : m.at % token.length;
  const [p, payload, mac] = token.split(".");
  switch (m.op) {
    case "replace":
      return token.slice(0, at) + m.text.slice(0, 1) + token.slice(at + 1);
    case "insert":
      return token.slice(0, at) + m.text + token.slice(at);
    case "delete":
      return token.slice(0, at) + token.slice(at + 1);
    case "truncate":
      return token.slice(0, at);
    case "append":
      return token + m.text;
    case "swap":
      return `${p}.${mac}.${payload}`;
    case "prefix":
      return `${m.text}${token.slice(2)}`;
    case "random":
      return m.text.repeat(1 + (m.at % 40));
  }
}

const strip = (params: Record<string, unknown>): string | undefined =>
  canonicalize(Object.fromEntries(Object.entries(params).filter(([k]) => !DIGEST_EXCLUDED_PARAMS.includes(k))));

function mutateParams(params: Record<string, unknown>, m: Extract<Mutation, { kind: "params" }>): Record<string, unknown> {
  const args = { ...(params.arguments as Record<string, JsonValue>) };
  switch (m.op) {
    case "name":
      return { ...params, name: `${String(params.name)}${m.key || "x"}` };
    case "argument": {
      const first = Object.keys(args)[0] ?? m.key;
      return { ...params, arguments: { ...args, [first]: m.value } };
    }
    case "add":
      return { ...params, arguments: { ...args, [`${m.key}+`]: m.value } };
    case "remove": {
      const [first] = Object.keys(args);
      if (first !== undefined) delete args[first];
      return { ...params, arguments: args };
    }
    case "reorder":
      return Object.fromEntries(Object.entries({ ...params, arguments: Object.fromEntries(Object.entries(args).reverse()) }).reverse());
    case "excluded":
      // What changes between rounds of one call: never part of the digest.
      return { ...params, inputResponses: { [m.key]: { action: "accept" } }, requestState: "whatever", _meta: { note: m.value } };
  }
}

/** Which check refuses one mutation, when it changes anything (the acceptance rule's order). */
function reasonsFor(m: Mutation): StateFailureReason[] {
  switch (m.kind) {
    case "token":
    case "key":
      return ["signature", "malformed", "version"];
    case "params":
      return ["params"];
    case "method":
      return ["method"];
    case "caller":
      return ["caller"];
    case "clock":
      return ["expired"];
  }
}

describe("requestState under random mutation (fast-check)", () => {
  it(`accepts exactly the tokens the acceptance rule accepts, over ${RUNS} cases`, () => {
    const tally = { accepted: 0, refused: 0, mutations: 0 };
    fc.assert(
      fc.property(base, fc.array(mutation, { maxLength: 3 }), (b, mutations) => {
        const scope: StateScope = { method: b.method, params: { name: b.name, arguments: b.args }, caller: b.caller };
        const token = signState(createStateKey(b.secret), b.state, scope, b.now, b.ttl);
        const exp = b.now + b.ttl;
        let presented = token;
        let against: StateScope = scope;
        let secret: string = b.secret;
        let at = b.now;
        const effective: Mutation[] = [];
        for (const m of mutations) {
          tally.mutations++;
          let changed: boolean;
          switch (m.kind) {
            case "token": {
              const next = mutateToken(presented, m);
              changed = next !== presented;
              presented = next;
              break;
            }
            case "params": {
              const params = mutateParams(against.params, m);
              changed = strip(params) !== strip(against.params);
              against = { ...against, params };
              break;
            }
            case "method":
              changed = m.method !== against.method;
              against = { ...against, method: m.method };
              break;
            case "caller":
              changed = m.caller !== against.caller;
              against = { ...against, caller: m.caller };
              break;
            case "key":
              changed = m.secret !== secret;
              secret = m.secret;
              break;
            case "clock":
              at = exp + m.deltaFromExp;
              changed = !(at < exp);
              break;
          }
          if (changed) effective.push(m);
        }
        // The model: the same token, method, params (minus what rounds change), caller and key, before exp.
        const accept =
          presented === token && against.method === scope.method && strip(against.params) === strip(scope.params) && against.caller === scope.caller && secret === b.secret && at < exp;
        const result = verifyState(createStateKey(secret), presented, against, at);
        expect(result.ok).toBe(accept);
        if (result.ok) {
          tally.accepted++;
          expect(JSON.stringify(result.state)).toBe(JSON.stringify(JSON.parse(JSON.stringify(b.state))));
        } else {
          tally.refused++;
          const only = effective.length === 1 ? effective[0] : undefined;
          if (only) expect(reasonsFor(only)).toContain(result.reason);
        }
      }),
      { numRuns: RUNS },
    );
    expect(tally.accepted + tally.refused).toBe(RUNS);
    // Both sides of the rule are exercised in earnest, not just the easy one.
    expect(tally.accepted).toBeGreaterThan(RUNS / 10);
    expect(tally.refused).toBeGreaterThan(RUNS / 2);
  });
});
