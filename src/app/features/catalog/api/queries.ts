import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Prompt, Resource, ResourceTemplate, Tool } from "../../../../core/protocol/types";
import { useConnection, useInspector } from "../../../lib/context";
import type { Inspector } from "../../../lib/inspector";

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === "object" && v !== null) as T[]) : [];
}

export const toolsQueryOptions = (inspector: Inspector, connectionId: number) =>
  queryOptions({ queryKey: ["tools", connectionId], queryFn: () => inspector.listTools() as Promise<Tool[]> });

export const resourcesQueryOptions = (inspector: Inspector, connectionId: number) =>
  queryOptions({
    queryKey: ["resources", connectionId],
    queryFn: async () => {
      const [resources, templates] = await Promise.all([
        inspector.listResources(),
        inspector.listResourceTemplates().catch(() => ({ resourceTemplates: [] })),
      ]);
      return { resources: list<Resource>(resources.resources), templates: list<ResourceTemplate>(templates.resourceTemplates) };
    },
  });

export const promptsQueryOptions = (inspector: Inspector, connectionId: number) =>
  queryOptions({ queryKey: ["prompts", connectionId], queryFn: async () => list<Prompt>((await inspector.listPrompts()).prompts) });

function useConnected(): { inspector: Inspector; connectionId: number; enabled: boolean } {
  const inspector = useInspector();
  const connectionId = useConnection((s) => s.connectionId);
  const status = useConnection((s) => s.status);
  return { inspector, connectionId, enabled: status === "connected" };
}

export function useTools() {
  const { inspector, connectionId, enabled } = useConnected();
  const caps = useConnection((s) => s.serverCapabilities);
  return useQuery({ ...toolsQueryOptions(inspector, connectionId), enabled: enabled && caps.tools !== undefined });
}

export function useResources() {
  const { inspector, connectionId, enabled } = useConnected();
  const caps = useConnection((s) => s.serverCapabilities);
  return useQuery({ ...resourcesQueryOptions(inspector, connectionId), enabled: enabled && caps.resources !== undefined });
}

export function usePrompts() {
  const { inspector, connectionId, enabled } = useConnected();
  const caps = useConnection((s) => s.serverCapabilities);
  return useQuery({ ...promptsQueryOptions(inspector, connectionId), enabled: enabled && caps.prompts !== undefined });
}
