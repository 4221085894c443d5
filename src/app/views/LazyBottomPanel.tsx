import { LazyPart } from "../components/ui/LazyPart";
import { chunkComponent } from "../lib/chunkComponent";

// The panel under the workspace (the wire log, the HTTP tab) is a chunk of its own: the first commit
// draws only the frame and the connection bar (App.tsx), and this panel comes in the render after it.
// main.tsx asks for the chunk as the page starts, so it is fetched and compiled beside the first view
// and is here by then; if not, its pane stays empty until it is.
const bottomPanel = chunkComponent("BottomPanel", () => import("./BottomPanel"), (m) => m.BottomPanel);

/** Fetches the panel's chunk ahead (once; again after a failed fetch). */
export const prefetchBottomPanel = bottomPanel.prefetch;

export function LazyBottomPanel(props: { collapsed: boolean; onToggle: () => void; folded?: boolean }) {
  return (
    <LazyPart what="The wire log">
      <bottomPanel.Component {...props} />
    </LazyPart>
  );
}
