import { useMemo, useState } from "react";
import { pickIcon, vetIcons, type IconSet, type RefusedIcon } from "../../../core";
import "./icons.css";

/** The largest an icon is drawn, in CSS pixels, whatever the server declares. */
export const ICON_PX = 20;

/** An item's icons as the core vets them (memoized per icons value). */
function useVetted(icons: unknown): IconSet {
  return useMemo(() => vetIcons(icons), [icons]);
}

/** The refusals in words, for a tooltip and a screen reader. */
export function refusedWords(refused: RefusedIcon[]): string {
  return `${refused.length} icon${refused.length === 1 ? "" : "s"} refused: ${refused.map((r) => (r.src ? `${r.src} (${r.reason})` : r.reason)).join("; ")}`;
}

/**
 * A server's icon for a server, tool, prompt, resource or template, next to its name. Only icons the
 * core's vetting keeps (https: and size-capped data:image URLs) are drawn, always as an `<img>` (an
 * SVG in an `<img>` never runs its scripts; nothing is inlined), capped at 24 px, without a referrer,
 * loaded lazily; an icon that fails to load leaves a neutral placeholder. Decorative (alt=""), so the
 * name beside it stays the accessible name. Nothing at all for an item without icons.
 */
export function ItemIcon({ icons, size = ICON_PX }: { icons: unknown; size?: number }) {
  const set = useVetted(icons);
  const icon = useMemo(() => pickIcon(set, size), [set, size]);
  const [failed, setFailed] = useState<string | undefined>();
  if (icons === undefined) return null;
  const px = Math.min(size, 24);
  const shown = icon !== undefined && failed !== icon.src;
  return (
    <span className="item-icon" data-testid="item-icon" data-state={shown ? "shown" : icon ? "failed" : "none"}>
      {shown ? (
        <img src={icon.src} alt="" width={px} height={px} loading="lazy" decoding="async" referrerPolicy="no-referrer" draggable={false} onError={() => setFailed(icon.src)} />
      ) : (
        <span className="icon-fallback" aria-hidden="true" title={icon ? "the icon did not load" : "no icon could be shown"} />
      )}
    </span>
  );
}

/** A small mark when some of an item's icons were refused, with the reasons as tooltip and label. */
export function IconRefusedMark({ icons }: { icons: unknown }) {
  const set = useVetted(icons);
  if (set.refused.length === 0) return null;
  const words = refusedWords(set.refused);
  return (
    <span className="icon-refused" role="img" title={words} aria-label={words} data-testid="icon-refused">
      ⚠
    </span>
  );
}
