import { useMemo, useState } from "react";
import { McpError, toolChoiceMode } from "../../../../core";
import { useAnswer } from "../useAnswer";
import type { PendingInput } from "../inputStore";
import { EMPTY_REPLY, replyResult, STOP_REASONS, type ReplyDraft } from "../utils/sampling";
import { SamplingRequestView } from "./SamplingRequestView";
import { newToolUseId, offeredToolList, toolUseProblem, toolUseResult, type ToolUseDraft } from "../utils/samplingTools";
import { ToolUseEditor } from "./ToolUseEditor";
import "../input.css";

/** A sampling request: the request for review, then the user plays the model and writes the reply. */
export function SamplingReply({ input }: { input: PendingInput }) {
  const { answer, refuse } = useAnswer(input);
  const [draft, setDraft] = useState<ReplyDraft>(EMPTY_REPLY);
  // Sampling with tools: offered tools (unless the choice is "none") allow a reply of tool_use blocks.
  const tools = useMemo(() => offeredToolList(input.params), [input.params]);
  const choice = toolChoiceMode(input.params);
  const toolsAllowed = tools.length > 0 && choice !== "none";
  const [mode, setMode] = useState<"text" | "tools">(toolsAllowed && choice === "required" ? "tools" : "text");
  const [uses, setUses] = useState<ToolUseDraft[]>(() => (toolsAllowed && tools[0] ? [{ id: newToolUseId(), name: tools[0].name, input: {} }] : []));
  const [toolProblem, setToolProblem] = useState<string | undefined>();
  const reject = () => refuse(new McpError({ kind: "cancelled", code: -1, message: "User rejected the sampling request" }));
  // An empty reply is never sent silently: the first Send asks, the second (or "Send it empty") confirms.
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const set = (patch: Partial<ReplyDraft>) => {
    setConfirmEmpty(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const id = input.id;
  return (
    <div className="sampling">
      <SamplingRequestView params={input.params} />
      {toolsAllowed && (
        <div className="reply-mode" role="radiogroup" aria-label="Reply with">
          <label className="field inline">
            <input type="radio" name={`${id}-mode`} checked={mode === "text"} onChange={() => setMode("text")} />
            <span>Text</span>
          </label>
          <label className="field inline">
            <input type="radio" name={`${id}-mode`} checked={mode === "tools"} onChange={() => setMode("tools")} />
            <span>Tool use</span>
          </label>
          {choice === "required" && <span className="muted">The request requires a tool use.</span>}
        </div>
      )}
      {mode === "tools" ? (
        <>
          <label className="field" htmlFor={`${id}-tool-model`}>
            Model
            <input id={`${id}-tool-model`} value={draft.model} onChange={(e) => set({ model: e.target.value })} />
          </label>
          <ToolUseEditor
            tools={tools}
            uses={uses}
            onChange={(next) => {
              setToolProblem(undefined);
              setUses(next);
            }}
            onSend={(next) => {
              const problem = toolUseProblem(next, tools);
              if (problem) return setToolProblem(problem);
              answer(toolUseResult(draft, next));
            }}
            problem={toolProblem}
          />
          <div className="actions">
            <button type="button" onClick={reject}>
              Reject
            </button>
          </div>
        </>
      ) : (
        <form
          className="sampling-reply"
          aria-label="Reply"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.text.trim() === "" && !confirmEmpty) {
              setConfirmEmpty(true);
              return;
            }
            answer(replyResult(draft));
          }}
        >
          <div className="reply-row">
            <label className="field" htmlFor={`${id}-role`}>
              Role
              <select id={`${id}-role`} value={draft.role} onChange={(e) => set({ role: e.target.value === "user" ? "user" : "assistant" })}>
                <option value="assistant">assistant</option>
                <option value="user">user</option>
              </select>
            </label>
            <label className="field" htmlFor={`${id}-model`}>
              Model
              <input id={`${id}-model`} value={draft.model} onChange={(e) => set({ model: e.target.value })} />
            </label>
            <label className="field" htmlFor={`${id}-stop`}>
              Stop reason
              <select id={`${id}-stop`} value={draft.stopReason} onChange={(e) => set({ stopReason: e.target.value as ReplyDraft["stopReason"] })}>
                {STOP_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            {draft.stopReason === "other" && (
              <label className="field" htmlFor={`${id}-stop-custom`}>
                Custom stop reason
                <input id={`${id}-stop-custom`} value={draft.customStopReason} placeholder="other" onChange={(e) => set({ customStopReason: e.target.value })} />
              </label>
            )}
          </div>
          <label className="field block" htmlFor={`${id}-text`}>
            Reply text
            <textarea id={`${id}-text`} rows={3} value={draft.text} aria-describedby={confirmEmpty ? `${id}-empty` : undefined} onChange={(e) => set({ text: e.target.value })} />
          </label>
          {confirmEmpty && (
            <p className="sampling-empty-confirm" id={`${id}-empty`} role="alert">
              The reply text is {draft.text === "" ? "empty" : "only white space"}. A model rarely answers with nothing; press “Send empty reply” to send it anyway, or type a reply.
            </p>
          )}
          <div className="actions">
            <button type="submit">{confirmEmpty ? "Send empty reply" : "Send reply"}</button>
            <button type="button" onClick={reject}>
              Reject
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
