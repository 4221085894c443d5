import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Prompt, Resource, ResourceTemplate, Tool } from "../../core";
import { useConnection, useController } from "./context";
import type { Controller } from "./controller";

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === "object" && v !== null) as T[]) : [];
}

/**
 * Asks on the next task, not inside the commit that shows the connection (often the page's first
 * render, whose effects start these queries): that commit reaches the screen without first building,
 * stamping and logging the list requests.
 */
const later = <T,>(ask: () => Promise<T>): Promise<T> => new Promise((resolve) => setTimeout(resolve, 0)).then(ask);

export const toolsQueryOptions = (controller: Controller, connectionId: number) =>
  queryOptions({ queryKey: ["tools", connectionId], queryFn: () => later(() => controller.listTools() as Promise<Tool[]>) });

export const resourcesQueryOptions = (controller: Controller, connectionId: number) =>
  queryOptions({
    queryKey: ["resources", connectionId],
    queryFn: () =>
      later(async () => {
        const [resources, templates] = await Promise.all([
          controller.listResources(),
          controller.listResourceTemplates().catch(() => ({ resourceTemplates: [] })),
        ]);
        return { resources: list<Resource>(resources.resources), templates: list<ResourceTemplate>(templates.resourceTemplates) };
      }),
  });

export const promptsQueryOptions = (controller: Controller, connectionId: number) =>
  queryOptions({ queryKey: ["prompts", connectionId], queryFn: () => later(async () => list<Prompt>((await controller.listPrompts()).prompts)) });

function useConnected(): { controller: Controller; connectionId: number; enabled: boolean } {
  const controller = useController();
  const connectionId = useConnection((s) => s.connectionId);
  const status = useConnection((s) => s.status);
  return { controller, connectionId, enabled: status === "connected" };
}

export function useTools() {
  const { controller, connectionId, enabled } = useConnected();
  const caps = useConnection((s) => s.serverCapabilities);
  return useQuery({ ...toolsQueryOptions(controller, connectionId), enabled: enabled && caps.tools !== undefined });
}

export function useResources() {
  const { controller, connectionId, enabled } = useConnected();
  const caps = useConnection((s) => s.serverCapabilities);
  return useQuery({ ...resourcesQueryOptions(controller, connectionId), enabled: enabled && caps.resources !== undefined });
}

export function usePrompts() {
  const { controller, connectionId, enabled } = useConnected();
  const caps = useConnection((s) => s.serverCapabilities);
  return useQuery({ ...promptsQueryOptions(controller, connectionId), enabled: enabled && caps.prompts !== undefined });
}
