/**
 * The start-up floor (bench/startup.ts): the least a React 19 page built by Vite can do to show
 * "connected" after an in-page round trip as large as the app's handshake. One component; the
 * request and the answer (`?out=` and `?in=` characters, the app's handshake frames measured in the
 * same run) cross a MessageChannel as JSON text and are parsed on the other side, then the page is
 * rendered once, already connected, as the app's first render is.
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

function Status({ frames }: { frames: number }) {
  return (
    <header>
      <span className="status" data-status="connected">
        connected ({frames} frames)
      </span>
    </header>
  );
}

const search = new URLSearchParams(location.search);
const size = (name: string): number => Math.max(2, Number(search.get(name)) || 2);
/** A JSON string of exactly `n` characters. */
const text = (n: number): string => JSON.stringify("x".repeat(n - 2));

const channel = new MessageChannel();
channel.port2.onmessage = (e: MessageEvent<string>) => {
  JSON.parse(e.data);
  channel.port2.postMessage(text(size("in")));
};
channel.port1.onmessage = (e: MessageEvent<string>) => {
  JSON.parse(e.data);
  const root = createRoot(document.getElementById("root") as HTMLElement);
  flushSync(() => root.render(<Status frames={2} />));
};
channel.port1.postMessage(text(size("out")));
