/**
 * What the interop tests share: the servers they run against (server-everything as a child process,
 * our demo server over HTTP), each started before a file's tests and stopped after, the answers a
 * scripted user gives, and the text of a tool result.
 */
import { afterAll, beforeAll } from "vitest";
import { isObject, type ElicitParams, type InputHandlers } from "../../../src/core";
import { demoServer } from "../../../src/server/demo";
import { startHttpServer, type RunningHttpServer } from "../../../src/server/http/handler";
import { closeBridges } from "../bridge";
import { startEverything, type Everything } from "./everything";

/** A running server's URL, read once the suite's beforeAll has started it. */
export interface Started {
  readonly url: string;
}

function started(name: string, get: () => { url: string } | undefined): Started {
  return {
    get url() {
      const s = get();
      if (!s) throw new Error(`${name} is not running (its beforeAll failed or has not run)`);
      return s.url;
    },
  };
}

/** server-everything for the enclosing suite (`mode` "sse": its HTTP+SSE entry); bridges a test opened are closed after it. */
export function useEverything(mode: "streamableHttp" | "sse" = "streamableHttp"): Started {
  let everything: Everything | undefined;
  beforeAll(async () => {
    everything = await startEverything(20_000, mode);
  });
  afterAll(async () => {
    await everything?.stop();
    await closeBridges();
  });
  return started("server-everything", () => everything);
}

/** Our demo server over Streamable HTTP for the enclosing suite. */
export function useOurDemoServer(): Started {
  let ours: RunningHttpServer | undefined;
  beforeAll(async () => {
    ours = await startHttpServer(demoServer());
  });
  afterAll(async () => {
    await ours?.close();
  });
  return started("our demo server", () => ours);
}

/** The text parts of a tool result, joined by newlines. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

/** Fills a form the way a person accepting the defaults would, plus the one required name. */
export function fill(params: ElicitParams): Record<string, unknown> {
  const schema = "requestedSchema" in params && isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const content: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(properties)) if (isObject(p) && p.default !== undefined) content[name] = p.default;
  return { ...content, name: "Ada Lovelace", check: true };
}

/** A user who accepts every form (fill), answers sampling with a fixed message and shares one root. */
export const handlers: InputHandlers = {
  "elicitation/create": (params) => ({ action: "accept", content: fill(params) as Record<string, string> }),
  "sampling/createMessage": () => ({ role: "assistant", content: { type: "text", text: "Sampled by presa." }, model: "presa-test", stopReason: "endTurn" }),
  "roots/list": () => ({ roots: [{ uri: "file:///work/project", name: "project" }] }),
};
