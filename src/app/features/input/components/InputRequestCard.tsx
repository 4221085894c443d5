import { useMemo, useRef, type ComponentType, type ReactNode } from "react";
import { McpError, inputKindOf } from "../../../../core";
import { useClearOfActions, useQuestionFocus } from "../../../lib/focusQuestion";
import { useCalls, useConnection } from "../../../session/context";
import { ItemIcon } from "../../../components/ui/ItemIcon";
import { useAnswer } from "../useAnswer";
import type { PendingInput } from "../inputStore";
import { stringsIn } from "../../../lib/invisible";
import { kindLabel, travelLabel } from "../utils/travel";
import { ElicitationForm } from "./ElicitationForm";
import { RootsAnswer } from "./RootsAnswer";
import { SamplingReply } from "./SamplingReply";
import { HiddenCharsWarning, ServerText } from "../../../components/ui/ServerText";
import { UrlElicitation } from "./UrlElicitation";
import { AppOriginBadge } from "../../../session/AppOriginBadge";

/**
 * The one map from an input kind (its id in the core's registry, src/core/input/registry.ts) to the
 * card that asks the user. A kind added to the core gets its card here.
 */
const CARDS: Readonly<Record<string, ComponentType<{ input: PendingInput }>>> = {
  form: ElicitationForm,
  url: UrlElicitation,
  sampling: SamplingReply,
  roots: RootsAnswer,
};

/** A question no card can ask: said in words, with the one answer possible, a refusal naming why. */
function NoCard({ input, why }: { input: PendingInput; why: string }) {
  const { refuse } = useAnswer(input);
  return (
    <div className="field-error" role="alert">
      <p>{why}</p>
      <button type="button" onClick={() => refuse(new McpError({ kind: "unsupported", message: why }))}>
        Refuse
      </button>
    </div>
  );
}
import "../input.css";

function Body({ input }: { input: PendingInput }) {
  const kind = inputKindOf(input.kind, input.params);
  const Card = kind ? CARDS[kind.id] : undefined;
  if (Card) return <Card input={input} />;
  const why = kind
    ? `This inspector has no card for the ${kind.words.noun} (input kind "${kind.id}"), so it cannot ask you`
    : `Unknown input kind ${String(input.kind)}: the client core knows no such kind`;
  return <NoCard input={input} why={why} />;
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

/**
 * What other features add to a question card, filled in where the card is put on screen
 * (src/app/views/QuestionCard.tsx), so this feature imports none of them.
 */
export interface CardSlots {
  /** The travel badge: given the usual one, returns it or one that knows better (a task's question travels its own way). */
  Travel?: ComponentType<{ input: PendingInput; usual: ReactNode }>;
  /** Actions on the question beside the header (saving the answer as a canned one). */
  Actions?: ComponentType<{ input: PendingInput }>;
}

/** One question from the server, answered by the user; the badge says how the answer travels. */
export function InputRequestCard({ input, Travel, Actions }: { input: PendingInput } & CardSlots) {
  // Every string of the request (message, titles, descriptions, option labels, URL) is checked once.
  const texts = useMemo(() => [input.key, ...stringsIn(input.params)], [input.key, input.params]);
  const ref = useRef<HTMLElement>(null);
  useQuestionFocus(ref);
  useClearOfActions(ref);
  // A URL of a -32042 error opens a round of kind "urlRequired": it is never answered as such.
  const urlRequired = useCalls((s) => {
    const call = input.callId === undefined ? undefined : s.calls[input.callId];
    return call?.events.some((e) => e.type === "roundStarted" && e.round === input.round && e.kind === "urlRequired") ?? false;
  });
  const usual = (
    <span className="badge travel" data-era={input.era}>
      {travelLabel(input.era, urlRequired)}
    </span>
  );
  return (
    <article ref={ref} tabIndex={-1} className="input-card" aria-label={`Input request ${input.key}`} data-kind={input.kind} data-era={input.era}>
      <header>
        <strong>{kindLabel(input.kind, input.params)}</strong>{" "}
        <code>
          <ServerText text={input.key} />
        </code>
        <span className="badge">round {input.round}</span>
        {Travel ? <Travel input={input} usual={usual} /> : usual}
        <Asker />
        <AppOriginBadge callId={input.callId} />
        {Actions && <Actions input={input} />}
      </header>
      <HiddenCharsWarning texts={texts} />
      <Body input={input} />
    </article>
  );
}
