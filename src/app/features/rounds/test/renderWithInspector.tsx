import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { demoServer } from "../../../../server/demo";
import { InspectorProvider } from "../../../lib/context";
import { createInspector, type Inspector } from "../../../lib/inspector";

/** A fresh, unconnected inspector with real stores, so each test starts empty. */
export function createTestInspector(): Inspector {
  return createInspector({ embeddedServer: demoServer() });
}

/** Renders `ui` under `inspector` (a fresh one unless given). */
export function renderWithInspector(ui: ReactElement, inspector: Inspector = createTestInspector()): { inspector: Inspector } & ReturnType<typeof render> {
  const result = render(<InspectorProvider inspector={inspector}>{ui}</InspectorProvider>);
  return { inspector, ...result };
}
