import { useEffect, useRef } from "react";
import type { SpawnSpec } from "../../../../core";
import { useBridge } from "../../../session/context";

/**
 * The confirmation before the bridge runs anything: the exact argv (each argument quoted, so spaces
 * and empty strings show), the environment added, the working directory and what is inherited. The
 * bridge is asked to spawn this spec and nothing else.
 */
export function SpawnDialog({ spec, onConfirm, onCancel }: { spec: SpawnSpec; onConfirm: () => void; onCancel: () => void }) {
  const info = useBridge((s) => s.info);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const env = Object.entries(spec.env);

  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === "Escape" && onCancel()}>
      <div role="dialog" aria-modal="true" aria-labelledby="spawn-title" className="dialog spawn-dialog">
        <h2 id="spawn-title">Run this command on your machine?</h2>
        <p className="muted">The bridge starts it directly, without a shell (no globbing, no $VARIABLES, no pipes), as your user.</p>
        <dl className="spawn-spec">
          <dt>Command</dt>
          <dd>
            <code data-testid="spawn-command">{spec.command}</code>
          </dd>
          <dt>Arguments</dt>
          <dd>
            {spec.args.length === 0 ? (
              <span className="muted">none</span>
            ) : (
              <ol className="spawn-args" aria-label="Arguments">
                {spec.args.map((arg, i) => (
                  <li key={i}>
                    <code>{JSON.stringify(arg)}</code>
                  </li>
                ))}
              </ol>
            )}
          </dd>
          <dt>Working directory</dt>
          <dd>{spec.cwd ? <code>{spec.cwd}</code> : <span className="muted">the bridge's{info ? `: ${info.cwd}` : ""}</span>}</dd>
          <dt>Environment</dt>
          <dd>
            {env.length === 0 ? (
              <span className="muted">nothing added</span>
            ) : (
              <ul className="spawn-env" aria-label="Environment">
                {env.map(([name, value]) => (
                  <li key={name}>
                    <code>
                      {name}={JSON.stringify(value)}
                    </code>
                  </li>
                ))}
              </ul>
            )}
            <p className="muted">Inherited from the bridge: {info ? info.inheritedEnv.join(", ") || "nothing" : "a few basics (PATH, HOME, …)"}; nothing else.</p>
          </dd>
        </dl>
        <div className="actions">
          <button type="button" onClick={onConfirm}>
            Spawn
          </button>
          <button type="button" ref={cancel} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
