// Demo tools for exact answers and honest text: forms with every kind of field and with
// hundreds of fields, server text with hidden characters, and links to addresses a user should be
// told about. Each form tool echoes back exactly the content it received, so a test can assert it.
import { elicit, elicitUrl, isObject, type ElicitResult } from "../../core/protocol";
import { inputRequired, inputResponse, type HandlerContext, type ToolDefinition } from "../definitions";

function echo(ctx: HandlerContext, key: string): string {
  const r = inputResponse(ctx, key);
  const answer = isObject(r) && typeof r.action === "string" ? (r as ElicitResult) : undefined;
  return `Received: ${JSON.stringify(answer === undefined ? null : { action: answer.action, ...(answer.content !== undefined ? { content: answer.content } : {}) })}`;
}

/** One field of every kind in the elicitation subset; only `nickname` and `tags` have defaults. */
export const EVERY_KIND_SCHEMA = {
  type: "object",
  properties: {
    nickname: { type: "string", title: "Nickname", default: "ada" },
    email: { type: "string", title: "Email", format: "email" },
    age: { type: "integer", title: "Age", minimum: 0, maximum: 150 },
    agree: { type: "boolean", title: "I agree to the terms" },
    newsletter: { type: "boolean", title: "Newsletter" },
    editor: { type: "string", title: "Editor", enum: ["vim", "emacs", "vscode"] },
    size: { type: "string", title: "Size", oneOf: [{ const: "s", title: "Small" }, { const: "m", title: "Medium" }, { const: "l", title: "Large" }] },
    region: { type: "string", title: "Region", enum: ["eu", "us"], enumNames: ["Europe", "United States"] },
    plan: { type: "string", title: "Plan", anyOf: [{ const: "free", title: "Free" }, { const: "pro", title: "Pro" }] },
    langs: { type: "array", title: "Languages", items: { type: "string", enum: ["ts", "go", "rust"] } },
    tags: { type: "array", title: "Tags", items: { anyOf: [{ const: "a", title: "Alpha" }, { const: "b", title: "Beta" }] }, default: ["b"] },
  },
  required: ["agree", "size", "region"],
} as const;

export const everyKindForm: ToolDefinition = {
  name: "every-kind-form",
  title: "Every kind of field (exact answers)",
  description: "One field of each elicitation kind, few defaults; echoes the content it received",
  handler: (_args, ctx) => {
    if (inputResponse(ctx, "form") === undefined) return inputRequired({ form: elicit("Every kind of field: set what you like.", EVERY_KIND_SCHEMA as never) });
    return echo(ctx, "form");
  },
};

/** How many fields the wide form has; the last two are required. */
export const WIDE_FIELDS = 500;

export const wideForm: ToolDefinition = {
  name: "wide-form",
  title: `Wide form (${WIDE_FIELDS} fields)`,
  description: `A form of ${WIDE_FIELDS} text fields whose required ones are at the end; echoes the content it received`,
  handler: (_args, ctx) => {
    if (inputResponse(ctx, "wide") === undefined) {
      const properties = Object.fromEntries(Array.from({ length: WIDE_FIELDS }, (_, i) => [`f${i}`, { type: "string", title: `Field ${i}` }]));
      const schema = { type: "object", properties, required: [`f${WIDE_FIELDS - 2}`, `f${WIDE_FIELDS - 1}`] };
      return inputRequired({ wide: elicit(`A wide form of ${WIDE_FIELDS} fields; the last two are required.`, schema as never) });
    }
    return echo(ctx, "wide");
  },
};

/** Text that reads as something else: a right-to-left override, a zero-width space, an isolate. */
export const HIDDEN_TEXT = {
  message: "Approve the invoice \u202Efdp.exe\u202C from billing",
  title: "Amo\u200Bunt",
  option: "Pay \u2066now\u2069",
} as const;

export const hiddenTextForm: ToolDefinition = {
  name: "hidden-text",
  title: "Hidden characters in server text",
  description: "A question whose message, field title and option label hold bidi controls and zero-width characters",
  handler: (_args, ctx) => {
    if (inputResponse(ctx, "hidden") === undefined) {
      const schema = {
        type: "object",
        properties: {
          amount: { type: "string", title: HIDDEN_TEXT.title, description: "What to pay\uFEFF" },
          how: { type: "string", title: "How", enum: ["now", "later"], enumNames: [HIDDEN_TEXT.option, "Later"] },
        },
      };
      return inputRequired({ hidden: elicit(HIDDEN_TEXT.message, schema as never) });
    }
    return echo(ctx, "hidden");
  },
};

/** URLs a user must be told about before opening: `kind` picks one. */
export const RISKY_LINKS: Record<string, string> = {
  metadata: "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
  "link-local": "http://[fe80::1]:8080/setup",
  private: "http://192.168.1.20/admin",
  loopback: "http://127.0.0.1:9000/callback",
  long: `https://auth.example.com/authorize?client_id=presa-demo&state=${"x".repeat(4950)}`,
  bidi: "https://example.com/\u202Egpj.exe",
};

export const riskyLink: ToolDefinition = {
  name: "risky-link",
  title: "Risky links (URL elicitation)",
  description: "Sends a URL-mode elicitation to a metadata, link-local, private, loopback, very long or bidi URL",
  inputSchema: { type: "object", properties: { kind: { type: "string", title: "Kind of link", enum: Object.keys(RISKY_LINKS) } }, required: ["kind"] },
  handler: (args, ctx) => {
    const kind = typeof args.kind === "string" && args.kind in RISKY_LINKS ? args.kind : "metadata";
    if (inputResponse(ctx, "link") === undefined) return inputRequired({ link: elicitUrl(`Open this ${kind} link to continue.`, RISKY_LINKS[kind] ?? "") });
    return echo(ctx, "link");
  },
};

export const formTools: ToolDefinition[] = [everyKindForm, wideForm, hiddenTextForm, riskyLink];
