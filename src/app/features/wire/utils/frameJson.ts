import type { JsonRpcMessage } from "../../../../core";

/** A frame as pretty JSON; a frame that did not parse is copied as it came. */
export function frameJson(message: JsonRpcMessage | undefined, raw: string): string {
  return message === undefined ? raw : JSON.stringify(message, null, 2);
}
