// The lazy chunk behind questionCards.ts: import it only through there.
export { InputRequestCard } from "./components/InputRequestCard";
export { HeldRetryPanel } from "../step/HeldRetryPanel";
