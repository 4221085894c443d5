import { useEffect, useState } from "react";
import { useConnection, useController, useServers } from "../../../../session/context";
import { chunkComponent } from "../../../../lib/chunkComponent";
import { LazyPart } from "../../../../components/ui/LazyPart";
import { describeTarget, spawnSpecOf } from "../../../../stores/targets";
import { connectEntry } from "../connectEntry";
import { reopenStore, useReopen } from "../reopen";

// Asked only when the server is a command not yet confirmed: not in the first view, fetched while the prompt shows.
const spawnDialog = chunkComponent("SpawnDialog", () => import("../../components/SpawnDialog"), (m) => m.SpawnDialog);

/** The saved server the page opened on is outside the page: ask before connecting, with its address in view. */
export function ReopenPrompt() {
  const controller = useController();
  const id = useReopen((s) => s.pendingId);
  const entry = useServers((s) => s.entries.find((e) => e.id === id));
  const status = useConnection((s) => s.status);
  const [confirming, setConfirming] = useState(false);
  const command = entry?.target.kind === "stdio" && status === "idle";
  useEffect(() => {
    if (command) spawnDialog.prefetch().catch(() => undefined);
  }, [command]);
  if (!entry || status !== "idle") return null;
  const dismiss = () => reopenStore.setState({ pendingId: undefined });
  const connect = () => {
    dismiss();
    void connectEntry(controller, entry);
  };
  const spec = entry.target.kind === "stdio" ? spawnSpecOf(entry.target) : undefined;
  return (
    <div className="connect-prompt" role="dialog" aria-label="Reconnect to the last server">
      <p>
        Last time you used <strong>{entry.name}</strong>: <code className="link-url">{entry.target.kind === "url" || entry.target.kind === "bridge-http" ? entry.target.url : describeTarget(entry.target)}</code>
      </p>
      <p>
        <strong>Connect to it again?</strong> Nothing is sent to it until you say so.
      </p>
      <div className="actions">
        <button type="button" onClick={() => (spec && !controller.isSpawnConfirmed(spec) ? setConfirming(true) : connect())}>
          Connect
        </button>
        <button type="button" onClick={dismiss}>
          Not now
        </button>
      </div>
      {confirming && spec && (
        <LazyPart what="The question before running a command">
          <spawnDialog.Component
            spec={spec}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              controller.confirmSpawn(spec);
              connect();
            }}
          />
        </LazyPart>
      )}
    </div>
  );
}
