import { useId, useState } from "react";
import { useRecording, useSession } from "../../../lib/context";
import { downloadSession, openRecording } from "../recording";
import { recordingStore } from "../recordingStore";

/** Export the live session to a JSON file (tokens redacted unless kept), or import one to look at. */
export function SessionMenu() {
  const session = useSession();
  const [keepTokens, setKeepTokens] = useState(false);
  const importError = useRecording((s) => s.importError);
  const fileId = useId();
  return (
    <div className="session-menu">
      <button type="button" className="secondary small" onClick={() => downloadSession(session, keepTokens)}>
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
          if (file) void file.text().then((text) => openRecording(text, file.name));
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
