import { useStore } from "zustand";
import { appsStore } from "../appsStore";
import { AppView } from "./AppView";
import "../apps.css";

/** Every app the inspector renders, newest first. */
export function AppsArea() {
  const order = useStore(appsStore, (s) => s.order);
  return (
    <section className="apps-area" aria-label="MCP Apps">
      {[...order].reverse().map((id) => (
        <AppView key={id} id={id} />
      ))}
    </section>
  );
}
