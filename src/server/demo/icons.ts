/**
 * Icons for the demo server and its items (2025-11-25 `icons`): small SVGs as `data:` URLs, so the
 * demo works offline and in the page, plus one https icon for the server itself. An icon is added
 * only where a definition has none.
 */
import type { Icon } from "../../core/protocol";

function svgIcon(color: string, letter: string): Icon {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="${color}"/><text x="12" y="17" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return { src: `data:image/svg+xml;base64,${btoa(svg)}`, mimeType: "image/svg+xml", sizes: ["any"] };
}

export const DEMO_ICONS = {
  server: [svgIcon("#4b5bd6", "P"), { src: "https://presa.example.com/icon-48.png", mimeType: "image/png", sizes: ["48x48"] }] as Icon[],
  tool: [svgIcon("#2f855a", "T")],
  prompt: [svgIcon("#b7791f", "P")],
  resource: [svgIcon("#2b6cb0", "R")],
  template: [svgIcon("#6b46c1", "{}")],
};

/** Gives each item without icons the kind's icon. */
export function withIcons<T extends { icons?: Icon[] }>(items: readonly T[], icons: Icon[]): T[] {
  return items.map((item) => (item.icons ? item : { ...item, icons }));
}
