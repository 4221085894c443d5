import { useId, useState } from "react";
import { useRecording, useSession } from "../../../session/context";
import { lazyChunk } from "../../../lib/lazyChunk";
import { recordingStore } from "../../../session/recordingStore";

/** Session files (export, import, replay): a chunk of its own, loaded on the first click here. */
const loadRecording = lazyChunk("session export and import", () => import("../recording"));

/** Runs `use` with the session-file code; a chunk that did not load says so where import errors go. */
function withRecording(use: (m: Awaited<ReturnType<typeof loadRecording>>) => void): void {
  loadRecording().then(use, (e: unknown) => recordingStore.setState({ importError: e instanceof Error ? e.message : String(e) }));
}

/** Export the live session to a JSON file (tokens redacted unless kept), or import one to look at. */
export function SessionMenu() {
  const session = useSession();
  const [keepTokens, setKeepTokens] = useState(false);
  const importError = useRecording((s) => s.importError);
  const fileId = useId();
  return (
    <div className="session-menu">
      <button type="button" className="secondary small" onClick={() => withRecording((m) => m.downloadSession(session, keepTokens))}>
        Export session
      </button>
      <label className="field inline" title="Keep requestState tokens and Authorization header values in the file">
        <input type="checkbox" checked={keepTokens} onChange={(e) => setKeepTokens(e.target.checked)} />
        <span>keep tokens</span>
      </label>
      <label className="secondary small file-button" htmlFor={fileId}>
        Import session…
      </label>
      <input
        id={fileId}
        type="file"
        accept="application/json,.json"
        aria-label="Import session"
        className="visually-hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void file.text().then((text) => withRecording((m) => m.openRecording(text, file.name)));
        }}
      />
      {importError && (
        <span className="field-error" role="alert">
          {importError}{" "}
          <button type="button" className="link" onClick={() => recordingStore.dismissImportError()}>
            Dismiss
          </button>
        </span>
      )}
    </div>
  );
}
