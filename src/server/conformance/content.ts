/**
 * The fixtures the official conformance suite's server scenarios name (@modelcontextprotocol/conformance,
 * `tools-call-*`, `resources-*`, `prompts-*`): exact names, URIs and texts from the scenario sources.
 */
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from "../definitions";
import { toolError } from "../definitions";
import type { ChangeFeed } from "../changes";

/** A 1×1 red PNG. */
export const RED_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
/** Eight samples of silence, 8 kHz mono 8-bit PCM. */
export const SILENT_WAV = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

export const contentTools: ToolDefinition[] = [
  {
    name: "test_simple_text",
    description: "Returns simple text content",
    handler: () => "This is a simple text response for testing.",
  },
  {
    name: "test_image_content",
    description: "Returns image content",
    handler: () => [{ type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" }],
  },
  {
    name: "test_audio_content",
    description: "Returns audio content",
    handler: () => [{ type: "audio", data: SILENT_WAV, mimeType: "audio/wav" }],
  },
  {
    name: "test_embedded_resource",
    description: "Returns an embedded resource",
    handler: () => [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }],
  },
  {
    name: "test_multiple_content_types",
    description: "Returns text, image and resource content together",
    handler: () => [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" },
      { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: '{"test":"data","value":123}' } },
    ],
  },
  {
    name: "test_error_handling",
    description: "Always fails, as a tool error",
    handler: () => toolError("This tool intentionally returns an error for testing"),
  },
  {
    name: "test_tool_with_progress",
    description: "Reports progress 0, 50 and 100 out of 100",
    handler: async (_args, ctx) => {
      for (const progress of [0, 50, 100]) {
        await ctx.progress(progress, 100);
        if (progress < 100) await wait(50, ctx.signal);
      }
      return "Progress test completed";
    },
  },
];

/** The `server-stateless` diagnostics that do not take input (the ones that do are in mrtr.ts). */
export function statelessTools(changes: ChangeFeed): ToolDefinition[] {
  return [
    {
      name: "test_logging_tool",
      description: "Logs at info level; without a requested logLevel nothing may be sent",
      handler: async (_args, ctx) => {
        await ctx.log("info", "test_logging_tool ran");
        return "Logged (or stayed silent when no logLevel was requested).";
      },
    },
    {
      name: "test_trigger_tool_change",
      description: "Reports a tools list change to open subscriptions",
      handler: () => {
        changes.publish({ kind: "tools" });
        return "tools/list_changed published";
      },
    },
    {
      name: "test_trigger_prompt_change",
      description: "Reports a prompts list change to open subscriptions",
      handler: () => {
        changes.publish({ kind: "prompts" });
        return "prompts/list_changed published";
      },
    },
  ];
}

export const contentResources: ResourceDefinition[] = [
  {
    uri: "test://static-text",
    name: "static-text",
    description: "A static text resource",
    mimeType: "text/plain",
    ttlMs: 60_000,
    handler: () => "This is the content of the static text resource.",
  },
  {
    uri: "test://static-binary",
    name: "static-binary",
    description: "A static binary resource (a PNG)",
    mimeType: "image/png",
    ttlMs: 60_000,
    handler: (uri) => [{ uri, mimeType: "image/png", blob: RED_PIXEL_PNG }],
  },
];

export const contentTemplates: ResourceTemplateDefinition[] = [
  {
    uriTemplate: "test://template/{id}/data",
    name: "template-data",
    description: "Data for an id",
    mimeType: "application/json",
    handler: (uri, vars) => [{ uri, mimeType: "application/json", text: JSON.stringify({ id: vars.id, templateTest: true, data: `Data for ID: ${vars.id}` }) }],
  },
];

export const contentPrompts: PromptDefinition[] = [
  {
    name: "test_simple_prompt",
    description: "A prompt with no arguments",
    handler: () => "This is a simple prompt for testing.",
  },
  {
    name: "test_prompt_with_arguments",
    description: "A prompt with two arguments",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
    handler: (args) => `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`,
  },
  {
    name: "test_prompt_with_embedded_resource",
    description: "A prompt that embeds a resource",
    arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
    handler: (args) => [
      { role: "user", content: { type: "resource", resource: { uri: String(args.resourceUri), mimeType: "text/plain", text: "Embedded resource content for testing." } } },
      { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
    ],
  },
  {
    name: "test_prompt_with_image",
    description: "A prompt with an image",
    handler: () => [
      { role: "user", content: { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" } },
      { role: "user", content: { type: "text", text: "Please analyze the image above." } },
    ],
  },
];
