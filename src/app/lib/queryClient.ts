import { QueryClient } from "@tanstack/react-query";

/**
 * Lists are never silently cached: an inspector must show what the server says now, so data is
 * stale at once and refetched on demand (and on every reconnect, which changes the query key).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, gcTime: 60_000, retry: false, refetchOnWindowFocus: false },
    },
  });
}
