/**
 * Vetting of server icons (2025-11-25 `Icon`: `{src, mimeType?, sizes?, theme?}` on Implementation,
 * Tool, Prompt, Resource and ResourceTemplate). An icon is server text that becomes a request from the
 * user's browser, so only two kinds of `src` are shown: https: URLs and size-capped `data:image/*`
 * URLs. SVG is allowed only as an image (an `<img>` never runs its scripts); never inline it.
 * Pure and framework-free, so the app and tests use the same verdicts.
 */

/** The largest `data:` icon kept, counted in characters of the whole URL (about 48 KiB of image). */
export const MAX_DATA_ICON_LENGTH = 64 * 1024;
/** The longest https: icon URL kept: longer ones are tracking payloads or mistakes. */
export const MAX_HTTPS_ICON_LENGTH = 2048;
/** How many icons of one item are looked at; the rest are refused without parsing. */
export const MAX_ICONS_PER_ITEM = 8;

/** Image types a `data:` icon may declare; anything else (text/html, image/svg with scripts inlined…) is refused. */
const DATA_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/avif", "image/svg+xml", "image/x-icon", "image/vnd.microsoft.icon", "image/bmp"]);

export interface VettedIcon {
  /** The `src` exactly as sent, safe to put in an `<img src>`. */
  src: string;
  scheme: "https" | "data";
  mimeType: string | undefined;
  sizes: string[];
  theme: "light" | "dark" | undefined;
  /** SVG: render with `<img>` only, never inline in the page. */
  svg: boolean;
}

export interface RefusedIcon {
  /** The start of `src` for display (never the whole of a huge one). */
  src: string;
  reason: string;
}

export type IconVerdict = { ok: true; icon: VettedIcon } | { ok: false; refused: RefusedIcon };

function preview(src: string): string {
  return src.length > 80 ? `${src.slice(0, 77)}...` : src;
}

function kib(n: number): string {
  return `${Math.round(n / 1024)} KiB`;
}

function refuse(src: unknown, reason: string): IconVerdict {
  return { ok: false, refused: { src: typeof src === "string" ? preview(src) : String(typeof src), reason } };
}

/** Reads a `data:` URL's header: the media type and whether it is base64. */
function dataHeader(src: string): { type: string; base64: boolean; body: string } | undefined {
  const comma = src.indexOf(",");
  if (comma < 0) return undefined;
  const header = src.slice(5, comma).toLowerCase();
  const parts = header.split(";").map((p) => p.trim());
  return { type: parts[0] ?? "", base64: parts.includes("base64"), body: src.slice(comma + 1) };
}

/** Vets one icon from a server: a verdict with the icon to show, or the refusal in words. */
export function vetIcon(value: unknown): IconVerdict {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return refuse("", "the icon is not an object");
  const icon = value as Record<string, unknown>;
  const src = icon.src;
  if (typeof src !== "string" || src.length === 0) return refuse("", "the icon has no src");
  const mimeType = typeof icon.mimeType === "string" ? icon.mimeType.toLowerCase() : undefined;
  if (mimeType !== undefined && !mimeType.startsWith("image/")) return refuse(src, `the icon says it is ${preview(mimeType)}, not an image`);
  const sizes = Array.isArray(icon.sizes) ? icon.sizes.filter((s): s is string => typeof s === "string" && s.length <= 20).slice(0, 10) : [];
  const theme = icon.theme === "light" || icon.theme === "dark" ? icon.theme : undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src)?.[1]?.toLowerCase();
  if (scheme === "data") {
    if (src.length > MAX_DATA_ICON_LENGTH) return refuse(src, `the data: icon is ${kib(src.length)}, over the ${kib(MAX_DATA_ICON_LENGTH)} cap`);
    const header = dataHeader(src);
    if (!header) return refuse(src, "the data: icon is malformed (no comma)");
    if (!DATA_IMAGE_TYPES.has(header.type)) return refuse(src, `a data: icon must be an image; this one is ${header.type === "" ? "untyped" : preview(header.type)}`);
    if (header.base64 && !/^[A-Za-z0-9+/]*={0,2}$/.test(header.body)) return refuse(src, "the data: icon's base64 is malformed");
    const svg = header.type === "image/svg+xml" || mimeType === "image/svg+xml";
    return { ok: true, icon: { src, scheme: "data", mimeType: mimeType ?? header.type, sizes, theme, svg } };
  }
  if (scheme === "https") {
    if (src.length > MAX_HTTPS_ICON_LENGTH) return refuse(src, `the icon URL is ${src.length} characters long, over the ${MAX_HTTPS_ICON_LENGTH} cap`);
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return refuse(src, "the icon URL does not parse");
    }
    if (url.username !== "" || url.password !== "") return refuse(src, "the icon URL carries a user name or password");
    const svg = mimeType === "image/svg+xml" || url.pathname.toLowerCase().endsWith(".svg");
    return { ok: true, icon: { src, scheme: "https", mimeType, sizes, theme, svg } };
  }
  if (scheme === "http") return refuse(src, "plain http: icons are refused: unencrypted, and a way to track who opens the inspector");
  if (scheme === "javascript") return refuse(src, "javascript: icons would run code; refused");
  if (scheme === undefined) return refuse(src, "the icon src is not an absolute URL");
  return refuse(src, `${scheme}: icons are refused; only https: and data:image URLs are shown`);
}

export interface IconSet {
  icons: VettedIcon[];
  refused: RefusedIcon[];
}

/** Vets an item's `icons` (anything a server sent): the icons to show and each refusal with its reason. */
export function vetIcons(value: unknown): IconSet {
  if (value === undefined) return { icons: [], refused: [] };
  if (!Array.isArray(value)) return { icons: [], refused: [{ src: "", reason: "icons is not a list" }] };
  const set: IconSet = { icons: [], refused: [] };
  value.forEach((item, i) => {
    if (i >= MAX_ICONS_PER_ITEM) {
      if (i === MAX_ICONS_PER_ITEM) set.refused.push({ src: "", reason: `${value.length - MAX_ICONS_PER_ITEM} more icons ignored (at most ${MAX_ICONS_PER_ITEM} are looked at)` });
      return;
    }
    const verdict = vetIcon(item);
    if (verdict.ok) set.icons.push(verdict.icon);
    else set.refused.push(verdict.refused);
  });
  return set;
}

/**
 * The icon to show at about `size` pixels for a theme: a matching theme first, then the closest
 * declared size (an icon without sizes or with "any" fits every size).
 */
export function pickIcon(set: IconSet, size = 24, theme?: "light" | "dark"): VettedIcon | undefined {
  const fits = (icon: VettedIcon): number => {
    if (icon.sizes.length === 0 || icon.sizes.includes("any")) return 0;
    const dims = icon.sizes.map((s) => Number(/^(\d+)x\d+$/i.exec(s)?.[1] ?? Number.NaN)).filter((n) => Number.isFinite(n));
    return dims.length === 0 ? 0 : Math.min(...dims.map((d) => (d >= size ? d - size : (size - d) * 4)));
  };
  const themed = set.icons.filter((i) => i.theme === undefined || theme === undefined || i.theme === theme);
  const pool = themed.length > 0 ? themed : set.icons;
  return [...pool].sort((a, b) => fits(a) - fits(b))[0];
}
