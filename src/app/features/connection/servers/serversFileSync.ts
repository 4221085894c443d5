import { bridgeServers, saveBridgeServers, toMcpError } from "../../../../core";
import type { Controller } from "../../../session/controller";
import { readServersFile } from "./serversStore";

/**
 * Keeps the saved servers in the bridge's servers file too, when a bridge runs: once the bridge
 * answers, its file is read and merged into the list; after that every change is written back. A
 * failure is kept on the servers store (`fileError`) and shown, never thrown. Returns the undo.
 */
export function attachServersFile(controller: Controller, fetchFn?: typeof fetch): () => void {
  const { bridge, servers } = controller;
  let synced: string | undefined;
  const endpoint = () => (bridge.getState().status === "ok" ? bridge.getState().endpoint : undefined);
  const fail = (e: unknown) => servers.setState({ fileError: toMcpError(e).message });
  const read = (): void => {
    const ep = endpoint();
    if (!ep || synced === ep.url) return;
    synced = ep.url;
    bridgeServers(ep, fetchFn).then((value) => {
      servers.setState({ fileError: undefined });
      servers.merge(readServersFile(value));
    }, fail);
  };
  read();
  const offBridge = bridge.subscribe(read);
  const offSave = servers.onSave((file) => {
    const ep = endpoint();
    if (ep && synced === ep.url) saveBridgeServers(ep, file, fetchFn).then(() => servers.setState({ fileError: undefined }), fail);
  });
  return () => {
    offBridge();
    offSave();
  };
}
