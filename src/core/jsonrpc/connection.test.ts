import { describe, expect, it } from "vitest";
import { Connection, type Frame } from "./connection";
import { resultResponse, type JsonRpcMessage } from "./messages";

/** A connection whose peer answers every request with `{ n }`, and the frames it made. */
function echoing(wants: () => boolean): { connection: Connection; frames: Frame[] } {
  const frames: Frame[] = [];
  const connection: Connection = new Connection({
    send: async (message: JsonRpcMessage) => {
      if ("id" in message && "method" in message) queueMicrotask(() => connection.receive(resultResponse(message.id, { n: 1 })));
    },
    wantsFrames: wants,
  });
  connection.frames.subscribe((f) => frames.push(f));
  return { connection, frames };
}

describe("Connection frames", () => {
  it("makes none while wantsFrames says no, though someone listens, and both ways once it says yes", async () => {
    let wanted = false;
    const { connection, frames } = echoing(() => wanted);
    await expect(connection.request("ping", undefined)).resolves.toEqual({ n: 1 });
    expect(frames).toEqual([]);
    wanted = true;
    await connection.request("ping", undefined);
    expect(frames.map((f) => [f.direction, f.relatedRequestId])).toEqual([
      ["out", 2],
      ["in", 2],
    ]);
    expect(frames[1]?.raw).toBe(JSON.stringify(resultResponse(2, { n: 1 })));
  });
});
