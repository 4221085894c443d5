// The lazy chunk behind questionCards.ts: import it only through there.
export { QuestionCard } from "./QuestionCard";
export { HeldRetryPanel } from "../features/step/HeldRetryPanel";
