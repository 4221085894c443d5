import { describe, expect, it } from "vitest";
import type { McpError } from "../errors";
import { readCappedText } from "./readBody";

function streamed(chunks: string[], headers: Record<string, string> = {}): { response: Response; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });
  return { response: new Response(body, { headers }), pulled: () => pulled };
}

describe("readCappedText", () => {
  it("reads a body under the cap, across chunk borders of multi-byte characters", async () => {
    const bytes = new TextEncoder().encode("héllo wörld");
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 2));
        c.enqueue(bytes.slice(2));
        c.close();
      },
    });
    expect(await readCappedText(new Response(body), "POST x", 100)).toBe("héllo wörld");
  });

  it("stops reading an endless body once past the cap", async () => {
    const { response, pulled } = streamed(Array.from({ length: 1000 }, () => "x".repeat(100)));
    const error = await readCappedText(response, "POST tools/call", 1000).catch((e: McpError) => e);
    expect(error).toMatchObject({ kind: "transport", reason: { type: "badFrame", problem: "tooLarge" }, data: undefined });
    expect((error as McpError).message).toBe("POST tools/call: the answer is over 1.1 kB, over the 1000 B cap; it was not read");
    expect(pulled()).toBeLessThan(20);
  });

  it("refuses a body whose Content-Length cannot fit, without reading it", async () => {
    const { response, pulled } = streamed(["x"], { "content-length": String(10 * 1024 * 1024) });
    await expect(readCappedText(response, "POST tools/call", 1024)).rejects.toThrow("POST tools/call: the answer is 10 MB, over the 1 kB cap; it was not read");
    expect(pulled()).toBeLessThanOrEqual(1);
  });
});
