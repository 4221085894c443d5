// Preloaded (`node --import ./scripts/loopback-only.mjs …`) into a third-party server that listens on
// a bare port, such as @modelcontextprotocol/server-everything's `app.listen(PORT)`, which would bind
// every interface. A listen without a host is pinned to 127.0.0.1, and the bound port is reported on
// stderr as `loopback-only: listening on 127.0.0.1:<port>`, so PORT=0 gives a free port the caller can read.
import net from "node:net";

const listen = net.Server.prototype.listen;
const isPort = (value) => typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value));

net.Server.prototype.listen = function (...args) {
  if (isPort(args[0]) && typeof args[1] !== "string") args.splice(1, 0, "127.0.0.1");
  else if (typeof args[0] === "object" && args[0] !== null && args[0].port !== undefined && args[0].host === undefined) {
    args[0] = { ...args[0], host: "127.0.0.1" };
  }
  this.once("listening", () => {
    const address = this.address();
    if (address && typeof address === "object") process.stderr.write(`loopback-only: listening on ${address.address}:${address.port}\n`);
  });
  return listen.apply(this, args);
};
