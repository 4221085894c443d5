import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ControllerProvider } from "./session/context";
import type { Controller } from "./session/controller";

/** Wires the query cache and the live controller (main.tsx opens the first connection, before React renders). */
export function Providers({ controller, queryClient, children }: { controller: Controller; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ControllerProvider controller={controller}>{children}</ControllerProvider>
    </QueryClientProvider>
  );
}
