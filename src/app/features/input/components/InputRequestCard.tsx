import { SaveCannedAction } from "../../canned/components/SaveCannedAction";
import type { PendingInput } from "../store/inputStore";
import { kindLabel, travelLabel } from "../utils/travel";
import { ElicitationForm } from "./ElicitationForm";
import { RootsAnswer } from "./RootsAnswer";
import { SamplingReply } from "./SamplingReply";
import { UrlElicitation } from "./UrlElicitation";

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

/** One question from the server, answered by the user; the badge says how the answer travels. */
export function InputRequestCard({ input }: { input: PendingInput }) {
  return (
    <article className="input-card" aria-label={`Input request ${input.key}`} data-kind={input.kind} data-era={input.era}>
      <header>
        <strong>{kindLabel(input.kind, input.params)}</strong> <code>{input.key}</code>
        <span className="badge">round {input.round}</span>
        <span className="badge travel" data-era={input.era}>
          {travelLabel(input.era)}
        </span>
        <SaveCannedAction input={input} />
      </header>
      <Body input={input} />
    </article>
  );
}
