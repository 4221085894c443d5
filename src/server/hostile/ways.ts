/**
 * Hostile takes on README "The other ways a server asks": icons that must be refused (a
 * `javascript:` URL, a plain http tracking pixel, a 256 KiB data URL, HTML posing as an image, an SVG with a script, only safe as
 * an `<img>`) and a -32042 sent on every revision, including 2026-07-28 where it does not exist.
 */
import { ErrorCode, type Icon } from "../../core/protocol";
import type { ToolDefinition } from "../definitions";
import { rpcError } from "../rpcError";
import { DATA_URL, JAVASCRIPT_URL, SVG_WITH_SCRIPT } from "./payloads";

/** Every icon here but the last two is refused by the client's vetting (core/protocol/icons.ts). */
export const HOSTILE_ICONS: Icon[] = [
  { src: JAVASCRIPT_URL, mimeType: "image/png" },
  { src: "http://tracker.example.com/pixel.gif?who=inspector", mimeType: "image/gif" },
  { src: `data:image/png;base64,${"A".repeat(256 * 1024)}`, mimeType: "image/png" },
  { src: DATA_URL },
  { src: `data:image/svg+xml;base64,${btoa(SVG_WITH_SCRIPT)}`, mimeType: "image/svg+xml" },
  { src: "https://icons.example.com/ok.png", mimeType: "image/png", sizes: ["32x32"] },
];

export const hostileIcons: ToolDefinition = {
  name: "hostile-icons",
  title: "Hostile icons",
  description: "Carries icons a client must refuse: javascript:, http tracking, huge, HTML as an image; and an SVG that is safe only as an image",
  icons: HOSTILE_ICONS,
  handler: () => "This tool's icons are the attack; the call itself is harmless.",
};

export const urlRequiredAnywhere: ToolDefinition = {
  name: "url-required-anywhere",
  title: "-32042 on any revision",
  description: "Answers with -32042 (URL elicitation required) whatever the revision, even where it does not exist",
  handler: () => {
    throw rpcError(ErrorCode.UrlElicitationRequired, "Sign in first.", {
      elicitations: [{ mode: "url", elicitationId: "hostile-1", url: "https://auth.example.com/signin", message: "Sign in." }],
    });
  },
};
