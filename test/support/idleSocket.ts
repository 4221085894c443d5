import { connect, type Socket } from "node:net";

/** A raw socket to 127.0.0.1:`port` that sends nothing; `closed` resolves with what came back before it closed. */
export function idleSocket(port: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  return { socket, closed: new Promise((resolve) => socket.once("close", () => resolve(answer))) };
}
