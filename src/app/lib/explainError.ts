import { type FrameProblem, type McpError, ErrorCode, errorCodeName, isObject, STATE_FAILURE_REASONS, urlRequiredOutsideRevision } from "../../core";

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

/**
 * Puts an error in words for the UI, next to the raw error (design: "never a blank screen"). It
 * reads the error's kind, its local `reason`, and the code and data a server sent; never the text.
 */
export function explainError(error: McpError): Explanation {
  const data = isObject(error.data) ? error.data : {};
  const reason = error.reason;
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
      if (reason?.type === "bridge") return explainBridge(reason.code, error);
      if (reason?.type === "badFrame") return explainFrame(reason.problem, error);
      if (reason?.type === "streamCut") {
        return {
          title: "The answer stopped halfway",
          detail: error.message,
          hint: "The server's response stream ended or broke before its answer. Run the call again; if it keeps happening, the server is failing mid-answer.",
        };
      }
      return {
        title: error.status ? `HTTP ${error.status}` : "Transport failure",
        detail: error.message,
        hint: error.status === 401 || error.status === 403 ? "The server wants credentials: sign in (OAuth) below, or add an Authorization header; the sign-in steps say where a sign-in stopped." : "Check the URL, that the server runs, and that it allows this origin (CORS).",
      };
    case "timeout":
      return {
        title: "No answer in time",
        detail: error.message,
        hint: "The server stopped answering. Run the call again, or change the timeout in the connection bar (it never runs while you answer a form).",
      };
    case "cancelled":
      return { title: "Cancelled", detail: error.message };
    case "closed":
      if (reason?.type === "exit") {
        return {
          title: "The server process exited",
          detail: error.message,
          hint: "Its stderr is in the panel below. A stdio server must print only JSON-RPC lines on stdout; logs belong on stderr.",
        };
      }
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
  if (reason?.type === "urlRequired") {
    const title = "-32042 URL elicitation required";
    if (reason.problem === "notInRevision") return { title, detail: `${urlRequiredOutsideRevision(reason.revision)}. Server message: ${error.message}`, hint: "The call was stopped; nothing was shown to open." };
    if (reason.problem === "repeated") return { title, detail: error.message, hint: "The server keeps asking for the same URLs after they were completed; the inspector stopped retrying." };
    return { title, detail: error.message, hint: "The URL list is not the shape 2025-11-25 defines, so nothing was shown." };
  }
  if (code === ErrorCode.HeaderMismatch) {
    return { title: "-32020 Header mismatch", detail: `The HTTP headers did not match the body: ${error.message}` };
  }
  // The reference server's refusal of a requestState token (docs/request-state.md): -32602 with data.reason.
  if (code === ErrorCode.InvalidParams && STATE_FAILURE_REASONS.includes(data.reason as never)) {
    return {
      title: "-32602 Request state refused",
      detail: error.message,
      hint: "The server checks its requestState token: changed, expired, signed with another key, or used on another call. Run the call again to start it over.",
    };
  }
  if (code === undefined) return explainViolation(error);
  const name = errorCodeName(code);
  return {
    title: code === undefined ? "Protocol error" : `${code}${name ? ` ${name}` : ""}`,
    detail: error.message,
  };
}

const START_BRIDGE = "Start `npm start` (the bridge starts beside the app) or `npm run bridge`, then paste its URL and token under Bridge.";

/** The local bridge's own refusals and failures (reason.code is its error code), in words. */
function explainBridge(code: string, error: McpError): Explanation {
  switch (code) {
    case "none":
      return { title: "No bridge", detail: "stdio commands and HTTP via bridge need the local bridge, and this page has none.", hint: START_BRIDGE };
    case "unreachable":
      return { title: "Bridge unreachable", detail: error.message, hint: START_BRIDGE };
    case "unauthorized":
      return { title: "The bridge refused the token", detail: error.message, hint: "The token changes every time the bridge starts: paste the current one under Bridge." };
    case "forbidden-origin":
    case "forbidden-host":
      return { title: "The bridge refused this page", detail: error.message, hint: "Start the bridge with --allow-origin set to this page's origin." };
    case "blocked-target":
      return { title: "Target blocked by the bridge", detail: error.message, hint: "The bridge never forwards to link-local, cloud metadata or unspecified addresses." };
    case "spawn-failed":
      return { title: "The command could not start", detail: error.message, hint: "Check the command, the bridge's PATH and the working directory." };
    case "unconfirmed":
      return { title: "Not confirmed", detail: error.message, hint: "Use Spawn… and confirm the command in the dialog." };
    case "upstream-failed":
      return { title: "The bridge could not reach the server", detail: error.message, hint: "Check the URL and that the server runs." };
    default:
      return { title: error.status ? `Bridge: HTTP ${error.status}` : "Bridge failure", detail: error.message };
  }
}

const SESSION_GOES_ON = "Nothing was run from it; the session goes on, and the frame is in the wire log exactly as it arrived.";

/** A frame the client refused to read (core/jsonrpc/limits.ts, messages.ts parseFrame). */
function explainFrame(problem: FrameProblem, error: McpError): Explanation {
  const title =
    problem === "tooLarge"
      ? "Answer too large"
      : problem === "tooDeep"
        ? "Answer nested too deep"
        : problem === "notJson"
          ? "The answer is not JSON"
          : problem === "notMessage" || problem === "batch"
            ? "The answer is not a JSON-RPC message"
            : "Unreadable answer";
  return { title, detail: error.message, hint: SESSION_GOES_ON };
}

/** The server broke the protocol in a way the client caught itself (no JSON-RPC code). */
function explainViolation(error: McpError): Explanation {
  switch (error.reason?.type) {
    case "badResult":
      return { title: "Malformed result", detail: `${error.message}.`, hint: "The result is not the shape MCP defines, so it is not shown as one. " + SESSION_GOES_ON };
    case "badInputRequest":
      return {
        title: "Input request refused",
        detail: error.message,
        hint: "The inspector does not show forms that are deep or recursive, nor links that are not http(s); the call was not retried.",
      };
    case "badRequestState":
      return { title: "Request state refused", detail: error.message, hint: "A token this large is not echoed back; the call was not retried." };
    default:
      return { title: "The server broke the protocol", detail: error.message, hint: "The call was stopped here; the session goes on." };
  }
}
