import { useState, type Dispatch } from "react";
import type { SpawnSpec } from "../../../../core";
import { useController } from "../../../session/context";
import type { Target } from "../../../stores/connectionStore";
import { useBridge } from "../../../session/context";
import { draftToTarget, type DraftAction, type TargetDraft } from "../utils/targetDraft";
import { spawnSpecOf } from "../../../stores/targets";
import { KeyValueRows } from "./KeyValueRows";
import { SpawnDialog } from "./SpawnDialog";

/**
 * A stdio server for the bridge to spawn: command, one argument per line, environment and working
 * directory. Nothing is spawned until the dialog has shown exactly what will run and the user said yes.
 */
export function StdioTargetForm({ draft, dispatch, onConnect }: { draft: TargetDraft; dispatch: Dispatch<DraftAction>; onConnect: (t: Target) => void }) {
  const controller = useController();
  const bridgeStatus = useBridge((s) => s.status);
  const [envOpen, setEnvOpen] = useState(false);
  const [pending, setPending] = useState<{ target: Extract<Target, { kind: "stdio" }>; spec: SpawnSpec } | undefined>(undefined);
  const field = (name: "command" | "argsText" | "cwd") => (e: { target: { value: string } }) => dispatch({ type: "field", field: name, value: e.target.value });

  return (
    <form
      className="stdio-form"
      onSubmit={(e) => {
        e.preventDefault();
        const target = draftToTarget(draft);
        if (target.kind === "stdio" && target.command !== "") setPending({ target, spec: spawnSpecOf(target) });
      }}
    >
      <label className="field">
        <span>Command</span>
        <input aria-label="Command" className="command-input" value={draft.command} onChange={field("command")} placeholder="npx" />
      </label>
      <label className="field">
        <span>Arguments, one per line</span>
        <textarea aria-label="Arguments (one per line)" className="args-input" rows={2} value={draft.argsText} onChange={field("argsText")} placeholder={"-y\n@modelcontextprotocol/server-everything"} />
      </label>
      <label className="field">
        <span>Working directory</span>
        <input aria-label="Working directory" className="cwd-input" value={draft.cwd} onChange={field("cwd")} placeholder="(the bridge's)" />
      </label>
      <button type="button" className="link" onClick={() => setEnvOpen(!envOpen)} aria-expanded={envOpen}>
        Env ({draft.env.length})
      </button>
      <button type="submit" disabled={draft.command.trim() === "" || bridgeStatus === "none"}>
        Spawn…
      </button>
      {envOpen && (
        <div className="headers-editor">
          <KeyValueRows rows={draft.env} onChange={(rows) => dispatch({ type: "rows", field: "env", rows })} noun="Variable" namePlaceholder="API_KEY" valuePlaceholder="value" />
        </div>
      )}
      {pending && (
        <SpawnDialog
          spec={pending.spec}
          onCancel={() => setPending(undefined)}
          onConfirm={() => {
            controller.confirmSpawn(pending.spec);
            onConnect(pending.target);
            setPending(undefined);
          }}
        />
      )}
    </form>
  );
}
