import { ConnectionBar } from "./features/connection/components/ConnectionBar";
import { Catalog } from "./features/catalog/components/Catalog";
import { ItemPanel } from "./features/call/components/ItemPanel";
import { CallView } from "./features/call/components/CallView";
import { CallHistory } from "./features/call/components/CallHistory";
import { RoundsTimeline } from "./features/rounds/components/RoundsTimeline";
import { WireLog } from "./features/wire/components/WireLog";

/** Layout only: every piece reads its own store slice. */
export function App() {
  return (
    <div className="app">
      <ConnectionBar />
      <main className="workspace">
        <aside className="sidebar">
          <Catalog />
          <CallHistory />
        </aside>
        <section className="center">
          <ItemPanel />
          <CallView />
        </section>
        <aside className="timeline">
          <RoundsTimeline />
        </aside>
      </main>
      <WireLog />
    </div>
  );
}
