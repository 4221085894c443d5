import { REVISIONS, eraOf, type Era, type Revision } from "../../core";
import type { ConnectionSettings, Target } from "../stores/connectionStore";

export const ERA_KEY = "presa.eraByUrl.v1";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function urlOf(target: Target): string | undefined {
  return target.kind === "url" || target.kind === "bridge-http" ? target.url : undefined;
}

function load(storage: Storage | undefined): Record<string, Era> {
  try {
    const v: unknown = JSON.parse(storage?.getItem(ERA_KEY) ?? "{}");
    if (typeof v !== "object" || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter(([, e]) => e === "legacy"));
  } catch {
    return {};
  }
}

/**
 * The era each server URL answered in when every revision was offered. A server known to speak only
 * the initialize era is offered the initialize-era revisions alone next time, so it is not sent the
 * `server/discover` probe it answers with an HTTP 400 (which the browser logs in red on every connect).
 * Picking a 2026-era revision by hand still probes, and a server found to answer it is forgotten here.
 */
export function createEraMemory(storage?: Storage) {
  let known = load(storage);
  const save = (): void => {
    try {
      storage?.setItem(ERA_KEY, JSON.stringify(known));
    } catch {
      // storage full or disabled: the probe is only sent again
    }
  };
  return {
    /** The revisions to offer for these settings. */
    offered(settings: ConnectionSettings): readonly Revision[] {
      if (settings.revision !== "auto") return [settings.revision];
      const url = urlOf(settings.target);
      return url && known[url] === "legacy" ? REVISIONS.filter((r) => eraOf(r) === "legacy") : REVISIONS;
    },
    /** What a connection found: kept for "auto"; a 2026-era answer forgets the URL. */
    connected(settings: ConnectionSettings, era: Era | undefined): void {
      const url = urlOf(settings.target);
      if (!url || !era) return;
      if (era === "modern" && known[url]) {
        const { [url]: _gone, ...rest } = known;
        known = rest;
        save();
      } else if (era === "legacy" && settings.revision === "auto" && known[url] !== "legacy") {
        known = { ...known, [url]: "legacy" };
        save();
      }
    },
    /** Whether the URL is known to speak only the initialize era. */
    isLegacy: (url: string): boolean => known[url] === "legacy",
    forget(url: string): void {
      const { [url]: _gone, ...rest } = known;
      known = rest;
      save();
    },
  };
}

export type EraMemory = ReturnType<typeof createEraMemory>;
