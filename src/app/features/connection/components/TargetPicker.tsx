import { lazy, useReducer } from "react";
import { LazyPart } from "../../../components/ui/LazyPart";
import type { Target, TargetKind } from "../../../stores/connectionStore";
import { draftOf, draftToTarget, targetDraftReducer } from "../utils/targetDraft";
import { EmbeddedServerPicker } from "./EmbeddedServerPicker";
import { SavedConnections } from "./SavedConnections";

// The forms for other targets than the embedded server (and the bridge's panel): fetched when one is
// picked, not in the first view.
const UrlTargetForm = lazy(() => import("./UrlTargetForm").then((m) => ({ default: m.UrlTargetForm })));
const StdioTargetForm = lazy(() => import("./StdioTargetForm").then((m) => ({ default: m.StdioTargetForm })));
const BridgePanel = lazy(() => import("./BridgePanel").then((m) => ({ default: m.BridgePanel })));

const KINDS: { kind: TargetKind; label: string }[] = [
  { kind: "embedded", label: "Embedded demo server (in this page)" },
  { kind: "url", label: "Streamable HTTP URL" },
  { kind: "bridge-http", label: "HTTP via bridge (no CORS needed)" },
  { kind: "stdio", label: "stdio command (via bridge)" },
];

/**
 * The server to connect to: the embedded demo server, a Streamable HTTP URL (direct, or through the
 * local bridge for servers without CORS), or a stdio command the bridge spawns after confirmation.
 */
export function TargetPicker({ target, onConnect }: { target: Target; onConnect: (t: Target) => void }) {
  const [draft, dispatch] = useReducer(targetDraftReducer, target, draftOf);
  const viaBridge = draft.kind === "stdio" || draft.kind === "bridge-http";

  return (
    <div className="target">
      <label className="field">
        <span>Server</span>
        <select
          aria-label="Server"
          value={draft.kind}
          onChange={(e) => {
            const kind = e.target.value as TargetKind;
            dispatch({ type: "kind", kind });
            if (kind === "embedded") onConnect({ kind: "embedded" });
          }}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {draft.kind === "embedded" && <EmbeddedServerPicker target={target} onConnect={onConnect} />}
      <LazyPart what="The connection form">
        {(draft.kind === "url" || draft.kind === "bridge-http") && <UrlTargetForm draft={draft} dispatch={dispatch} onSubmit={() => onConnect(draftToTarget(draft))} />}
        {draft.kind === "stdio" && <StdioTargetForm draft={draft} dispatch={dispatch} onConnect={onConnect} />}
        {viaBridge && <BridgePanel />}
      </LazyPart>
      <SavedConnections onPick={(t) => dispatch({ type: "load", target: t })} />
    </div>
  );
}
