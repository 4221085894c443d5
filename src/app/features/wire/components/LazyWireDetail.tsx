import { LazyPart } from "../../../components/ui/LazyPart";
import { chunkComponent } from "../../../lib/chunkComponent";
import type { WireEntry } from "../wireStore";

// The selected frame's detail (its body, copy as JSON or curl) is a chunk of its own: the first view
// has no frame selected. Fetched ahead once connected (prefetchForms).
const wireDetail = chunkComponent("WireDetail", () => import("./WireDetail"), (m) => m.WireDetail);

/** Fetches the frame detail's code ahead. */
export const prefetchWireDetail = wireDetail.prefetch;

/** The selected frame (./WireDetail.tsx), its code loaded on first use. */
export function LazyWireDetail(props: { entry: WireEntry; onClose: () => void }) {
  return (
    <LazyPart what="The frame detail">
      <wireDetail.Component {...props} />
    </LazyPart>
  );
}
