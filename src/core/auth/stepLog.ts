/**
 * The guided step log of a sign-in: every step records the HTTP request it made, the response, what
 * was decided and why. Tokens, codes, verifiers and secrets never enter it (redact*), so the log may be
 * shown, exported or copied as it is.
 */

/** The stages of the MCP authorization flow, in the order they usually run. */
export type AuthStage =
  | "challenge"
  | "protected-resource-metadata"
  | "authorization-server-metadata"
  | "registration"
  | "authorization"
  | "token"
  | "refresh"
  | "step-up";

export interface AuthHttpRecord {
  method: string;
  url: string;
  /** Request headers, with credentials replaced by `[redacted]`. */
  headers?: Record<string, string>;
  /** The body, secrets replaced (form fields and JSON members alike). */
  body?: string;
}

export interface AuthHttpResponseRecord {
  status: number;
  headers?: Record<string, string>;
  /** At most BODY_CAP characters, secrets replaced. */
  body?: string;
}

export interface AuthStep {
  /** 1, 2, 3… in the order the steps began. */
  seq: number;
  stage: AuthStage;
  /** One line: what this step does, e.g. "Protected resource metadata from the WWW-Authenticate hint". */
  title: string;
  /** `ok`: done and used; `skipped`: tried and passed over (e.g. a 404 at one well-known location); `failed`: the flow stops here. */
  outcome: "ok" | "skipped" | "failed" | "info";
  request?: AuthHttpRecord;
  response?: AuthHttpResponseRecord;
  /** What the client decided and why, in words. */
  decision?: string;
  /** For `failed`: why, in words. */
  error?: string;
  at: number;
}

const BODY_CAP = 4000;
const SECRET_FIELDS = new Set([
  "access_token",
  "refresh_token",
  "id_token",
  "code",
  "code_verifier",
  "client_secret",
  "registration_access_token",
  "client_assertion",
  "assertion",
  "subject_token",
  "password",
]);
const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "dpop"]);

/** `Bearer abc` → `Bearer [redacted]`; anything else in a credential header → `[redacted]`. */
export function redactHeaderValue(name: string, value: string): string {
  if (!SECRET_HEADERS.has(name.toLowerCase())) return value;
  const scheme = /^(Bearer|Basic|DPoP)\s/i.exec(value)?.[1];
  return scheme ? `${scheme} [redacted]` : "[redacted]";
}

export function redactHeaders(headers: Headers | Record<string, string> | [string, string][] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers ?? {}).forEach((value, name) => {
    out[name] = redactHeaderValue(name, value);
  });
  return out;
}

/** Secret members of a JSON body or fields of a form body replaced; other text capped and kept. */
export function redactBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return cap(JSON.stringify(JSON.parse(trimmed, (key, value: unknown) => (SECRET_FIELDS.has(key) && value !== null && value !== "" ? "[redacted]" : value))));
    } catch {
      // not JSON after all: fall through
    }
  }
  if (/^[\w.~%+-]+=[^&]*(&[\w.~%+-]+=[^&]*)*$/.test(trimmed)) {
    const params = new URLSearchParams(trimmed);
    for (const key of [...params.keys()]) if (SECRET_FIELDS.has(key)) params.set(key, "[redacted]");
    return cap(params.toString());
  }
  return cap(text);
}

/** A URL with secret query parameters (code, state stays) replaced: callback URLs carry the code. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()]) if (SECRET_FIELDS.has(key)) parsed.searchParams.set(key, "[redacted]");
    return parsed.toString();
  } catch {
    return url;
  }
}

function cap(text: string): string {
  return text.length > BODY_CAP ? `${text.slice(0, BODY_CAP)}… (${text.length - BODY_CAP} more characters)` : text;
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  return `(${Object.prototype.toString.call(body)})`;
}

const SHOWN_RESPONSE_HEADERS = ["content-type", "www-authenticate", "location", "cache-control"];

/** The step log itself: an ordered list, a listener for each change, and a fetch that records into the current step. */
export class AuthStepLog {
  readonly #steps: AuthStep[] = [];
  readonly #listener: ((step: AuthStep, all: readonly AuthStep[]) => void) | undefined;

  constructor(listener?: (step: AuthStep, all: readonly AuthStep[]) => void) {
    this.#listener = listener;
  }

  get steps(): readonly AuthStep[] {
    return this.#steps;
  }

  add(step: Omit<AuthStep, "seq" | "at">): AuthStep {
    const full: AuthStep = { ...step, seq: this.#steps.length + 1, at: Date.now() };
    if (full.request) full.request = { ...full.request, url: redactUrl(full.request.url) };
    this.#steps.push(full);
    try {
      this.#listener?.(full, this.#steps);
    } catch (error) {
      console.error("auth step listener failed", error);
    }
    return full;
  }

  clear(): void {
    this.#steps.length = 0;
  }

  /**
   * Runs one HTTP exchange through `fetch` and returns the response together with a redacted record of
   * both sides (the body is read from a clone, so the caller still reads the original).
   */
  static async exchange(
    fetchImpl: typeof fetch,
    url: string,
    init: RequestInit,
  ): Promise<{ response: Response; request: AuthHttpRecord; record: AuthHttpResponseRecord }> {
    const body = bodyText(init.body);
    const request: AuthHttpRecord = { method: init.method ?? "GET", url: redactUrl(url), headers: redactHeaders(init.headers as Headers | undefined) };
    if (body !== undefined) request.body = redactBody(body);
    const response = await fetchImpl(url, init);
    return { response, request, record: await AuthStepLog.describe(response) };
  }

  static async describe(response: Response): Promise<AuthHttpResponseRecord> {
    const headers: Record<string, string> = {};
    for (const name of SHOWN_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = name === "location" ? redactUrl(value) : value;
    }
    const record: AuthHttpResponseRecord = { status: response.status, headers };
    if (response.body && response.status !== 204 && !(response.status >= 300 && response.status < 400)) {
      const text = await response
        .clone()
        .text()
        .catch(() => undefined);
      if (text !== undefined && text !== "") record.body = redactBody(text);
    }
    return record;
  }
}
