import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { ControllerProvider } from "./lib/context";
import type { Controller } from "./session/controller";

/**
 * Wires the query cache and the live controller, and opens the first connection (the embedded
 * server), unless `autoConnect` is false: a deep link to a URL waits for the user's click.
 */
export function Providers({ controller, queryClient, autoConnect = true, children }: { controller: Controller; queryClient: QueryClient; autoConnect?: boolean; children: ReactNode }) {
  useEffect(() => {
    if (autoConnect && controller.session.connection.getState().status === "idle") void controller.connect();
  }, [controller, autoConnect]);
  return (
    <QueryClientProvider client={queryClient}>
      <ControllerProvider controller={controller}>{children}</ControllerProvider>
    </QueryClientProvider>
  );
}
