/**
 * What the hostile demo server sends: markup that runs script if anything renders it as HTML, schemas
 * that break naive form builders, and frames built as text. Each script payload sets
 * `window.__pwned`, so a browser test can see that none ran.
 */
import type { JsonObject, JsonValue } from "../../core/protocol";

/** The global a payload sets when it runs; e2e/hostile.spec.ts checks it stays undefined. */
export const PWNED = "__pwned";

/** Markup that runs script when rendered as HTML: an inline script, an event handler, an SVG, a link. */
export const HTML_PAYLOADS = [
  `<script>window.${PWNED}="script"</script>`,
  `<img src=x onerror="window.${PWNED}='img'">`,
  `<svg onload="window.${PWNED}='svg'"></svg>`,
  `<a href="javascript:window.${PWNED}='link'">click me</a>`,
  `<iframe srcdoc="<script>parent.${PWNED}='iframe'</script>"></iframe>`,
] as const;

/** One line with every payload, as a hostile server would put it in any text field. */
export const HTML_LINE = `Hello ${HTML_PAYLOADS.join(" ")} & "quotes" 'too'`;

/** An SVG image whose script would run if it were ever put in the page as markup. */
export const SVG_WITH_SCRIPT = `<svg xmlns="http://www.w3.org/2000/svg" onload="window.${PWNED}='svg-image'"><script>window.${PWNED}='svg-image'</script><rect width="10" height="10"/></svg>`;

export const JAVASCRIPT_URL = `javascript:window.${PWNED}='url';void 0`;
export const DATA_URL = `data:text/html;base64,${btoa(`<script>window.${PWNED}='data-url'</script>`)}`;

/** A requestedSchema nested `levels` objects deep: each property is an object with one property. */
export function deepSchema(levels: number): JsonObject {
  let inner: JsonObject = { type: "string", title: "Bottom" };
  for (let i = 0; i < levels; i++) inner = { type: "object", title: `Level ${levels - i}`, properties: { next: inner } };
  return { type: "object", properties: { root: inner } };
}

/** A requestedSchema that refers to itself: a linked list of nodes through `$defs`. */
export const RECURSIVE_SCHEMA: JsonObject = {
  type: "object",
  $defs: { node: { type: "object", properties: { value: { type: "string" }, next: { $ref: "#/$defs/node" } } } },
  properties: { list: { $ref: "#/$defs/node" } },
};

/** A requestedSchema of about `megabytes` MB: many fields with long descriptions. */
export function hugeSchema(megabytes: number): JsonObject {
  const description = "A field of a form far too large to show. ".repeat(12);
  const count = Math.ceil((megabytes * 1024 * 1024) / (description.length + 60));
  const properties: Record<string, JsonValue> = {};
  for (let i = 0; i < count; i++) properties[`field_${i}`] = { type: "string", title: `Field ${i}`, description };
  return { type: "object", properties };
}

/** A requestedSchema with a field of every kind the MCP subset leaves out, and one field inside it. */
export const ODD_SCHEMA: JsonObject = {
  type: "object",
  properties: {
    address: { type: "object", title: "Address (a nested object)", properties: { street: { type: "string" } } },
    people: { type: "array", title: "People (an array of objects)", items: { type: "object", properties: { name: { type: "string" } } } },
    maybe: { type: ["string", "null"], title: "Maybe (a union type)" },
    code: { type: "string", title: "Code (with a pattern)", pattern: "^[A-Z]{3}$", format: "color" },
    shared: { $ref: "#/$defs/shared", title: "Shared (a $ref)" },
    note: { type: "string", title: "Note (in the subset)" },
  },
  $defs: { shared: { type: "string" } },
};

/** 1 MiB and a little more, so it is past every "1 MB" cap however it is counted. */
export const MEGABYTE_TOKEN = `hostile.${"A".repeat(1024 * 1024)}.token`;
