import type { McpError, InputResponse } from "../../../core";
import { useSession } from "../../session/context";
import type { PendingInput } from "./inputStore";

/** Answer or refuse one pending input; the store resolves the core's promise and drops the card. */
export function useAnswer(input: PendingInput) {
  const inputs = useSession().inputs;
  return {
    answer: (response: InputResponse) => inputs.answer(input.id, response),
    refuse: (error: McpError) => inputs.refuse(input.id, error),
  };
}
