import { useEffect, useMemo, useState } from "react";
import type { IconSet, RefusedIcon } from "../../../core";
import "./icons.css";

/** The largest an icon is drawn, in CSS pixels, whatever the server declares. */
export const ICON_PX = 20;

type IconCode = typeof import("../../../core/protocol/icons");

// The core's icon vetting is a chunk of its own: most servers declare no icons, and for those that
// do, the names are readable before their icons are. Fetched when the first item with icons renders;
// until it is here (or if it cannot load) each icon is the neutral placeholder, the same size.
let code: IconCode | undefined;
let pending: Promise<IconCode> | undefined;
const loadIconCode = (): Promise<IconCode> =>
  (pending ??= import("../../../core/protocol/icons").then(
    (m) => (code = m),
    (e: unknown) => {
      pending = undefined;
      throw e;
    },
  ));

/**
 * An item's icons as the core vets them (memoized per icons value): undefined while the vetting code
 * loads, "unloaded" when it could not (nothing unvetted is ever drawn).
 */
function useVetted(icons: unknown): IconSet | "unloaded" | undefined {
  const [here, setHere] = useState<IconCode | "unloaded" | undefined>(code);
  useEffect(() => {
    if (here || icons === undefined) return;
    let live = true;
    loadIconCode().then(
      (m) => live && setHere(m),
      () => live && setHere("unloaded"),
    );
    return () => {
      live = false;
    };
  }, [here, icons]);
  return useMemo(() => (here === "unloaded" ? here : here && icons !== undefined ? here.vetIcons(icons) : undefined), [here, icons]);
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
  const icon = useMemo(() => (typeof set === "object" && code ? code.pickIcon(set, size) : undefined), [set, size]);
  const [failed, setFailed] = useState<string | undefined>();
  if (icons === undefined) return null;
  const px = Math.min(size, 24);
  const shown = icon !== undefined && failed !== icon.src;
  return (
    <span className="item-icon" data-testid="item-icon" data-state={shown ? "shown" : !set ? "loading" : icon || set === "unloaded" ? "failed" : "none"}>
      {shown ? (
        <img src={icon.src} alt="" width={px} height={px} loading="lazy" decoding="async" referrerPolicy="no-referrer" draggable={false} onError={() => setFailed(icon.src)} />
      ) : (
        <span className="icon-fallback" aria-hidden="true" title={!set ? "the icon is loading" : set === "unloaded" ? "the icons' code did not load (reload the page)" : icon ? "the icon did not load" : "no icon could be shown"} />
      )}
    </span>
  );
}

/** A small mark when some of an item's icons were refused, with the reasons as tooltip and label. */
export function IconRefusedMark({ icons }: { icons: unknown }) {
  const set = useVetted(icons);
  if (typeof set !== "object" || set.refused.length === 0) return null;
  const words = refusedWords(set.refused);
  return (
    <span className="icon-refused" role="img" title={words} aria-label={words} data-testid="icon-refused">
      ⚠
    </span>
  );
}
