import type { McpError } from "../../../../core/jsonrpc/errors";
import { ErrorCode, errorCodeName } from "../../../../core/protocol/codes";
import { isObject } from "../../../../core/protocol/types";

export interface Explanation {
  title: string;
  detail: string;
  /** What the user can do about it, when there is something. */
  hint?: string;
}

function describeCaps(value: unknown): string {
  if (!isObject(value)) return "a capability";
  const parts: string[] = [];
  for (const [key, sub] of Object.entries(value)) {
    const modes = isObject(sub) ? Object.keys(sub) : [];
    parts.push(modes.length > 0 ? `${key} (${modes.join(", ")})` : key);
  }
  return parts.join(", ") || "a capability";
}

/** Puts an error in words for the UI, next to the raw error (design: "never a blank screen"). */
export function explainError(error: McpError): Explanation {
  const data = isObject(error.data) ? error.data : {};
  switch (error.kind) {
    case "tooManyRounds":
      return {
        title: "Round cap reached",
        detail: `The server kept asking for input: ${error.message}.`,
        hint: "Raise the round cap in the connection bar, or check why the server never completes.",
      };
    case "unsupported":
      return {
        title: "Declared but not handled",
        detail: error.message,
        hint: "The client declared this capability without a handler. Set the toggle to “handled” to answer it.",
      };
    case "transport":
      return {
        title: error.status ? `HTTP ${error.status}` : "Transport failure",
        detail: error.message,
        hint: error.status === 401 || error.status === 403 ? "The server wants credentials: add an Authorization header." : "Check the URL, that the server runs, and that it allows this origin (CORS).",
      };
    case "timeout":
      return { title: "No answer in time", detail: error.message, hint: "The server may be stuck; the call can be run again." };
    case "cancelled":
      return { title: "Cancelled", detail: error.message };
    case "closed":
      return { title: "Connection closed", detail: error.message, hint: "Reconnect from the connection bar." };
    case "state":
      return { title: "Unreadable request state", detail: error.message };
    case "protocol":
      break;
  }
  const code = error.code;
  if (code === ErrorCode.MissingRequiredClientCapability) {
    return {
      title: "-32021 Missing client capability",
      detail: `The server needs ${describeCaps(data.requiredCapabilities)} for this request, and this client did not declare it.`,
      hint: "Turn the capability on in the connection bar; the server refuses to ask for input the client cannot give.",
    };
  }
  if (code === ErrorCode.UnsupportedProtocolVersion) {
    const supported = Array.isArray(data.supported) ? data.supported.join(", ") : "none listed";
    return {
      title: "-32022 Unsupported protocol version",
      detail: `The server does not speak ${String(data.requested ?? "the requested revision")}. It supports: ${supported}.`,
      hint: "Pick one of those revisions, or “auto”.",
    };
  }
  if (code === ErrorCode.HeaderMismatch) {
    return { title: "-32020 Header mismatch", detail: `The HTTP headers did not match the body: ${error.message}` };
  }
  if (code === ErrorCode.InvalidParams && /requestState/i.test(error.message)) {
    return {
      title: "-32602 Request state refused",
      detail: error.message,
      hint: "The server checks its requestState token: changed, expired, signed with another key, or used on another call. Start the call again.",
    };
  }
  const name = code === undefined ? undefined : errorCodeName(code);
  return {
    title: code === undefined ? "Protocol error" : `${code}${name ? ` ${name}` : ""}`,
    detail: error.message,
  };
}
