import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useInspector } from "../../../lib/context";
import { attachCanned } from "../../canned/api/cannedBridge";
import { cannedStore } from "../../canned/store/cannedStore";
import { attachListChanged } from "../../notifications/api/listChangedBridge";

/** Wires the QA features to the inspector once: canned answers and the mock model, list_changed. */
export function QaBridges() {
  const inspector = useInspector();
  const queryClient = useQueryClient();
  useEffect(() => attachCanned(inspector, cannedStore), [inspector]);
  useEffect(() => attachListChanged(inspector, queryClient), [inspector, queryClient]);
  return null;
}
