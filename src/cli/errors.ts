/** Exit codes of `presa-inspector` (README "Command line"). */
export const EXIT = {
  /** The call returned a result; a replay behaved as recorded. */
  ok: 0,
  /** `call`: the tool returned `isError: true`; `replay`: the behaviour differs from the recording. */
  differs: 1,
  /** Bad input, an unreachable or failing server, a question with no answer, a timeout. */
  error: 2,
  /** Stopped with Ctrl-C. */
  interrupted: 130,
} as const;

/** A failure the user can act on: printed as one line, `presa-inspector: <message>`, with its exit code. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode: number = EXIT.error) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** One line for the terminal: control characters from a server (or a file) shown, never obeyed. */
export function oneLine(text: string): string {
  return text.replace(/\r?\n/g, " ⏎ ").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
