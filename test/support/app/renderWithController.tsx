import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { demoServer } from "../../../src/server/demo";
import { ControllerProvider } from "../../../src/app/session/context";
import { createController, type Controller } from "../../../src/app/session/controller";

/** A fresh, unconnected controller with a real session, so each test starts empty. */
export function createTestController(): Controller {
  return createController({ embeddedServer: demoServer() });
}

/** Renders `ui` under `controller` (a fresh one unless given), its session shown. */
export function renderWithController(ui: ReactElement, controller: Controller = createTestController()): { controller: Controller } & ReturnType<typeof render> {
  const result = render(<ControllerProvider controller={controller}>{ui}</ControllerProvider>);
  return { controller, ...result };
}
