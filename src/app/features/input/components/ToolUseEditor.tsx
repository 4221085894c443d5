import { ArgumentsForm } from "../../../components/ui/LazyArgumentsForm";
import { newToolUseId, type OfferedTool, type ToolUseDraft } from "../utils/samplingTools";
import "../input.css";

/**
 * The reply as one or more `tool_use` blocks: each names one of the offered tools (picked from the
 * list, never typed) and carries arguments from a form generated from that tool's inputSchema (the
 * call feature's arguments form, with its JSON view). Any block's send button sends every block.
 */
export function ToolUseEditor({
  tools,
  uses,
  onChange,
  onSend,
  problem,
}: {
  tools: OfferedTool[];
  uses: ToolUseDraft[];
  onChange: (uses: ToolUseDraft[]) => void;
  onSend: (uses: ToolUseDraft[]) => void;
  problem: string | undefined;
}) {
  const update = (id: string, patch: Partial<ToolUseDraft>) => onChange(uses.map((u) => (u.id === id ? { ...u, ...patch } : u)));
  const send = (id: string, input: Record<string, unknown>) => {
    const next = uses.map((u) => (u.id === id ? { ...u, input } : u));
    onChange(next);
    onSend(next);
  };
  const label = uses.length > 1 ? `Send ${uses.length} tool uses` : "Send tool use";
  return (
    <div className="tool-use-editor" role="group" aria-label="Tool use reply">
      <ol className="tool-uses">
        {uses.map((u, i) => {
          const tool = tools.find((t) => t.name === u.name);
          return (
            <li key={u.id} className="tool-use-block" aria-label={`Tool use ${i + 1}`}>
              <div className="reply-row">
                <label className="field">
                  Tool
                  <select aria-label={`Tool for tool use ${i + 1}`} value={u.name} onChange={(e) => update(u.id, { name: e.target.value, input: {} })}>
                    {tools.map((t) => (
                      <option key={t.name} value={t.name}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                </label>
                <span className="muted">
                  id <code>{u.id}</code>
                </span>
                {uses.length > 1 && (
                  <button type="button" className="link" aria-label={`Remove tool use ${i + 1}`} onClick={() => onChange(uses.filter((x) => x.id !== u.id))}>
                    Remove
                  </button>
                )}
              </div>
              {tool?.description !== undefined && <p className="muted">{tool.description}</p>}
              {tool && (
                <ArgumentsForm key={`${u.id}:${u.name}`} schema={tool.inputSchema} value={u.input} onChange={(input) => update(u.id, { input })} onSubmit={(input) => send(u.id, input)} submitLabel={label} />
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="link" onClick={() => onChange([...uses, { id: newToolUseId(), name: tools[0]?.name ?? "", input: {} }])}>
        Add another tool use
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}


