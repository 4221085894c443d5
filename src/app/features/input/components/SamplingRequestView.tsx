import { useMemo } from "react";
import { samplingView, type BlockView } from "../utils/sampling";

function Block({ block }: { block: BlockView }) {
  switch (block.kind) {
    case "text":
      return <p className="server-text sampling-text">{block.text}</p>;
    case "image":
      return <img className="block-image" src={block.src} alt={`image (${block.mimeType}) from the server`} />;
    case "json":
      return <pre className="sampling-json">{block.json}</pre>;
  }
}

/** What the server asks the model, for the user to review before anything is answered. */
export function SamplingRequestView({ params }: { params: Record<string, unknown> }) {
  const view = useMemo(() => samplingView(params), [params]);
  return (
    <div className="sampling-request">
      {view.systemPrompt !== undefined && (
        <div className="sampling-system">
          <span className="muted">System prompt</span>
          <p className="server-text">{view.systemPrompt}</p>
        </div>
      )}
      <ol className="sampling-messages" aria-label="Messages">
        {view.messages.map((m, i) => (
          <li key={i} className="sampling-message" data-role={m.role}>
            <span className="badge">{m.role}</span>
            {m.blocks.map((b, j) => (
              <Block key={j} block={b} />
            ))}
          </li>
        ))}
      </ol>
      <dl className="sampling-params">
        <dt>maxTokens</dt>
        <dd>
          <code>{view.maxTokens}</code>
        </dd>
        {view.extras.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <pre>{v}</pre>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
