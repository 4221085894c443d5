import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { InspectorProvider } from "./lib/context";
import type { Inspector } from "./lib/inspector";
import { createQueryClient } from "./lib/queryClient";

const queryClient = createQueryClient();

/**
 * Wires the query cache and the inspector, and opens the first connection (the embedded server),
 * unless `autoConnect` is false: a deep link to a URL waits for the user's click.
 */
export function Providers({ inspector, autoConnect = true, children }: { inspector: Inspector; autoConnect?: boolean; children: ReactNode }) {
  useEffect(() => {
    if (autoConnect && inspector.connection.getState().status === "idle") void inspector.connect();
  }, [inspector, autoConnect]);
  return (
    <QueryClientProvider client={queryClient}>
      <InspectorProvider inspector={inspector}>{children}</InspectorProvider>
    </QueryClientProvider>
  );
}
