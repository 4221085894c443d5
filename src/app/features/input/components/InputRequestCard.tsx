import { useMemo, useRef } from "react";
import { useQuestionFocus } from "../../../lib/focusQuestion";
import { useConnection } from "../../../session/context";
import { SaveCannedAction } from "../../canned/components/SaveCannedAction";
import { ItemIcon } from "../../../components/ui/ItemIcon";
import { TaskTravelBadge, useIsTask } from "../../tasks/TaskTravelBadge";
import type { PendingInput } from "../inputStore";
import { stringsIn } from "../../../lib/invisible";
import { kindLabel, travelLabel } from "../utils/travel";
import { ElicitationForm } from "./ElicitationForm";
import { RootsAnswer } from "./RootsAnswer";
import { SamplingReply } from "./SamplingReply";
import { HiddenCharsWarning, ServerText } from "../../../components/ui/ServerText";
import { UrlElicitation } from "./UrlElicitation";
import "../input.css";

function Body({ input }: { input: PendingInput }) {
  switch (input.kind) {
    case "elicitation/create":
      return input.params.mode === "url" ? <UrlElicitation input={input} /> : <ElicitationForm input={input} />;
    case "sampling/createMessage":
      return <SamplingReply input={input} />;
    case "roots/list":
      return <RootsAnswer input={input} />;
    default:
      return <p className="field-error">Unknown input kind {String(input.kind)}</p>;
  }
}

/** Which server is asking (spec: clients show the requesting server): its serverInfo title and name. */
function Asker() {
  const info = useConnection((s) => s.serverInfo);
  if (!info) return <span className="card-server">asked by an unnamed server</span>;
  const title = typeof info.title === "string" && info.title.trim() !== "" && info.title !== info.name ? info.title : undefined;
  return (
    <span className="card-server" data-testid="asking-server">
      asked by <ItemIcon icons={info.icons} size={16} />
      {title !== undefined && (
        <>
          <strong>
            <ServerText text={title} />
          </strong>{" "}
        </>
      )}
      <code>
        <ServerText text={info.name} />
      </code>
    </span>
  );
}

/** One question from the server, answered by the user; the badge says how the answer travels. */
export function InputRequestCard({ input }: { input: PendingInput }) {
  // Every string of the request (message, titles, descriptions, option labels, URL) is checked once.
  const texts = useMemo(() => [input.key, ...stringsIn(input.params)], [input.key, input.params]);
  const ref = useRef<HTMLElement>(null);
  useQuestionFocus(ref);
  // A task's question travels its own way (tasks/update, or a live request on tasks/result).
  const isTask = useIsTask(input.callId);
  return (
    <article ref={ref} tabIndex={-1} className="input-card" aria-label={`Input request ${input.key}`} data-kind={input.kind} data-era={input.era}>
      <header>
        <strong>{kindLabel(input.kind, input.params)}</strong>{" "}
        <code>
          <ServerText text={input.key} />
        </code>
        <span className="badge">round {input.round}</span>
        {isTask ? (
          <TaskTravelBadge callId={input.callId} />
        ) : (
          <span className="badge travel" data-era={input.era}>
            {travelLabel(input.era)}
          </span>
        )}
        <Asker />
        <SaveCannedAction input={input} />
      </header>
      <HiddenCharsWarning texts={texts} />
      <Body input={input} />
    </article>
  );
}
