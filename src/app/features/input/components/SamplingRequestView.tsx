import { useMemo } from "react";
import { samplingView, type BlockView } from "../utils/sampling";
import { ServerText } from "../../../components/ui/ServerText";
import { samplingConversation } from "../../../../core";
import { hasToolTurns, OfferedTools, SamplingConversation } from "./SamplingToolsView";
import "../input.css";

function Block({ block }: { block: BlockView }) {
  switch (block.kind) {
    case "text":
      return <ServerText as="p" className="server-text sampling-text" text={block.text} />;
    case "image":
      return <img className="block-image" src={block.src} alt={`image (${block.mimeType}) from the server`} />;
    case "json":
      return (
        <pre className="sampling-json">
          <ServerText text={block.json} />
        </pre>
      );
  }
}

/** What the server asks the model, for the user to review before anything is answered. */
export function SamplingRequestView({ params }: { params: Record<string, unknown> }) {
  const view = useMemo(() => samplingView(params), [params]);
  const conversation = useMemo(() => hasToolTurns(samplingConversation(params)), [params]);
  return (
    <div className="sampling-request">
      {view.systemPrompt !== undefined && (
        <div className="sampling-system">
          <span className="muted">System prompt</span>
          <ServerText as="p" className="server-text" text={view.systemPrompt} />
        </div>
      )}
      {conversation ? (
        <SamplingConversation params={params} />
      ) : (
        <ol className="sampling-messages" aria-label="Messages">
          {view.messages.map((m, i) => (
            <li key={i} className="sampling-message" data-role={m.role}>
              <span className="badge">
                <ServerText text={m.role} />
              </span>
              {m.blocks.map((b, j) => (
                <Block key={j} block={b} />
              ))}
            </li>
          ))}
        </ol>
      )}
      <OfferedTools params={params} />
      <dl className="sampling-params">
        <dt>maxTokens</dt>
        <dd>
          <code>{view.maxTokens}</code>
        </dd>
        {view.extras.map(([k, v]) => (
          <div key={k}>
            <dt>
              <ServerText text={k} />
            </dt>
            <dd>
              <pre>
                <ServerText text={v} />
              </pre>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
