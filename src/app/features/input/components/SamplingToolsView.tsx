import { useMemo } from "react";
import { samplingConversation, type ConversationTurn } from "../../../../core";
import { pretty } from "../utils/sampling";
import { offeredToolList, toolChoiceWords } from "../utils/samplingTools";
import { ServerText } from "../../../components/ui/ServerText";
import "../input.css";

/** The tools a sampling request offers and its tool choice (2025-11-25 sampling with tools). */
export function OfferedTools({ params }: { params: Record<string, unknown> }) {
  const tools = useMemo(() => offeredToolList(params), [params]);
  const choice = toolChoiceWords(params);
  if (tools.length === 0 && params.toolChoice === undefined) return null;
  return (
    <div className="sampling-tools" data-testid="offered-tools">
      <p>
        <span className="muted">Tools offered to the model</span> ({tools.length}) · <span className="muted">tool choice</span>{" "}
        <strong data-testid="tool-choice">
          <ServerText text={choice.words} />
        </strong>
      </p>
      <ul aria-label="Offered tools">
        {tools.map((t) => (
          <li key={t.name}>
            <code>
              <ServerText text={t.name} />
            </code>
            {t.description !== undefined && (
              <>
                {" "}
                <ServerText text={t.description} />
              </>
            )}
            <details>
              <summary>input schema</summary>
              <pre>
                <ServerText text={pretty(t.inputSchema)} />
              </pre>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether a request's messages hold tool_use or tool_result blocks: then they read as a conversation. */
export function hasToolTurns(turns: ConversationTurn[]): boolean {
  return turns.some((t) => t.toolUses.length > 0 || t.toolResults.length > 0);
}

function Turn({ turn }: { turn: ConversationTurn }) {
  return (
    <li className="sampling-message conversation-turn" data-role={turn.role}>
      <span className="badge">
        <ServerText text={turn.role} />
      </span>
      {turn.blocks.map((b, i) =>
        b.type === "text" && typeof b.text === "string" ? (
          <ServerText key={i} as="p" className="server-text sampling-text" text={b.text} />
        ) : (
          <pre key={i} className="sampling-json">
            <ServerText text={pretty(b)} />
          </pre>
        ),
      )}
      {turn.toolUses.map((u) => (
        <p key={u.id} className="tool-use" data-testid="tool-use-turn">
          <span className="badge kind-tool-use">model asked</span>{" "}
          <code>
            <ServerText text={u.name} />
          </code>{" "}
          <code>
            <ServerText text={JSON.stringify(u.input)} />
          </code>{" "}
          <span className="muted">
            id <ServerText text={u.id} />
          </span>
        </p>
      ))}
      {turn.toolResults.map((r) => (
        <div key={r.toolUseId} className={`tool-result ${r.isError ? "is-error" : ""}`} data-testid="tool-result-turn">
          <span className={`badge ${r.isError ? "bad" : "ok"}`}>{r.isError ? "server ran it: error" : "server ran it"}</span>{" "}
          <code>
            <ServerText text={r.toolName ?? `(unknown tool_use ${r.toolUseId})`} />
          </code>
          {": "}
          {r.content.map((c, i) =>
            c !== null && typeof c === "object" && (c as { type?: unknown }).type === "text" && typeof (c as { text?: unknown }).text === "string" ? (
              <ServerText key={i} text={(c as { text: string }).text} />
            ) : (
              <code key={i}>
                <ServerText text={pretty(c)} />
              </code>
            ),
          )}
        </div>
      ))}
    </li>
  );
}

/**
 * A later request of a tool loop as a conversation: each tool_result paired with the tool_use it
 * answers (core samplingConversation), so it reads "model asked X, server ran it: Y".
 */
export function SamplingConversation({ params }: { params: Record<string, unknown> }) {
  const turns = useMemo(() => samplingConversation(params), [params]);
  return (
    <ol className="sampling-messages conversation" aria-label="Conversation">
      {turns.map((t, i) => (
        <Turn key={i} turn={t} />
      ))}
    </ol>
  );
}
