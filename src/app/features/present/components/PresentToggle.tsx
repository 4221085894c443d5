import { usePresent } from "../../../session/context";
import { togglePresent } from "../presentStore";

/** Enters or leaves presentation mode (also `?present` in the URL). */
export function PresentToggle() {
  const on = usePresent((s) => s.on);
  return (
    <button type="button" className={on ? "" : "secondary small"} aria-pressed={on} onClick={togglePresent}>
      {on ? "Exit presentation" : "Present"}
    </button>
  );
}
