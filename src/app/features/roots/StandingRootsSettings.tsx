import { useEffect, useState } from "react";
import { toMcpError, type Root } from "../../../core";
import { useConnection, useController } from "../../session/context";
import { DEFAULT_ROOTS } from "../../stores/uiStore";
import type { StandingRootsSetting } from "../../stores/connectionStore";
import { checkRoot, ROOT_PROBLEM_TEXT, rootsToSend } from "../../lib/roots";

const OFF: StandingRootsSetting = { on: false, list: DEFAULT_ROOTS, askEachTime: false };

/**
 * A standing roots list (README "The other ways a server asks"): declared with `roots.listChanged`
 * and answered at once, unless "Ask each time" keeps the roots card. Turning it on or off, or the
 * switch, reconnects; "Apply list" changes the list on the live session (client.setRoots), which on
 * initialize-era sessions sends `notifications/roots/list_changed`.
 */
export function StandingRootsSettings() {
  const controller = useController();
  const standing = useConnection((s) => s.settings.standingRoots) ?? OFF;
  const handled = useConnection((s) => s.settings.capabilities.roots === "handled");
  const era = useConnection((s) => s.era);
  const [rows, setRows] = useState<Root[]>(standing.list);
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  // Follow the list when it changes elsewhere (a reconnect with other settings keeps it).
  useEffect(() => setRows(standing.list), [standing.list]);
  useEffect(
    () =>
      controller.onClientEvent(({ event }) => {
        if (event.type !== "rootsChanged") return;
        const n = event.roots.length;
        setNote({ ok: true, text: `${n} root${n === 1 ? "" : "s"} in use; ${event.notified ? "notifications/roots/list_changed sent" : "no notice (2026-07-28 has none: the server gets the list the next time it asks)"}.` });
      }),
    [controller],
  );
  const reconnect = (patch: Partial<StandingRootsSetting>) => void controller.connect({ standingRoots: { ...standing, list: rootsToSend(rows), ...patch } });
  const apply = () => {
    setNote(undefined);
    controller.setRoots(rootsToSend(rows)).catch((e: unknown) => setNote({ ok: false, text: toMcpError(e).message }));
  };
  const update = (i: number, patch: Partial<Root>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="standing-roots">
      <div className="settings-row">
        <label className="field inline">
          <input type="checkbox" aria-label="Standing roots list" checked={standing.on} onChange={(e) => reconnect({ on: e.target.checked })} />
          <span>Standing roots list (declared with listChanged)</span>
        </label>
        <label className="field inline">
          <input type="checkbox" aria-label="Ask each time" disabled={!standing.on} checked={standing.askEachTime} onChange={(e) => reconnect({ askEachTime: e.target.checked })} />
          <span>Ask each time (a roots card per request)</span>
        </label>
      </div>
      {!handled && <p className="muted">Needs Roots set to “on” in the capabilities above.</p>}
      {standing.on && (
        <>
          <ul className="roots-list" aria-label="Standing roots">
            {rows.map((r, i) => {
              const problem = checkRoot(r.uri);
              return (
                <li key={i} className="root-row">
                  <input aria-label={`Standing root ${i + 1} URI`} value={r.uri} placeholder="file:///path" onChange={(e) => update(i, { uri: e.target.value })} />
                  <input aria-label={`Standing root ${i + 1} name`} value={r.name ?? ""} placeholder="name (optional)" onChange={(e) => update(i, { name: e.target.value })} />
                  <button type="button" className="link" aria-label={`Remove standing root ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    Remove
                  </button>
                  {problem && problem !== "empty" && <span className="input-warning">{problem === "not-file" ? "Not a file:// URI: a standing list holds file:// roots only." : ROOT_PROBLEM_TEXT[problem]}</span>}
                </li>
              );
            })}
          </ul>
          <div className="settings-row">
            <button type="button" className="link" onClick={() => setRows([...rows, { uri: "file:///", name: "" }])}>
              Add root
            </button>
            <button type="button" onClick={apply}>
              Apply list
            </button>
            <span className="muted">{era === "legacy" ? "Applying sends notifications/roots/list_changed." : era === "modern" ? "2026-07-28 has no list_changed: the next roots request gets the new list." : ""}</span>
          </div>
          {note && (
            <p className={note.ok ? "muted" : "field-error"} role="status" data-testid="standing-roots-note">
              {note.text}
            </p>
          )}
        </>
      )}
    </div>
  );
}
