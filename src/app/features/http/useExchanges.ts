import { useSyncExternalStore } from "react";
import type { HttpExchange } from "../../../core";
import { useSession } from "../../session/context";

/** The shown session's HTTP exchanges (a core log read through its subscribe/getSnapshot pair). */
export function useExchanges(): readonly HttpExchange[] {
  const log = useSession().http;
  return useSyncExternalStore(log.subscribe, log.getSnapshot);
}
