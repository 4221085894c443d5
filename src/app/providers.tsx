import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { InspectorProvider } from "./lib/context";
import type { Inspector } from "./lib/inspector";
import { createQueryClient } from "./lib/queryClient";

const queryClient = createQueryClient();

/** Wires the query cache and the inspector, and opens the first connection (the embedded server). */
export function Providers({ inspector, children }: { inspector: Inspector; children: ReactNode }) {
  useEffect(() => {
    if (inspector.connection.getState().status === "idle") void inspector.connect();
  }, [inspector]);
  return (
    <QueryClientProvider client={queryClient}>
      <InspectorProvider inspector={inspector}>{children}</InspectorProvider>
    </QueryClientProvider>
  );
}
