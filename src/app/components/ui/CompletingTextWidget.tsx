import { getTemplate, type WidgetProps } from "@rjsf/utils";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { Suggestions } from "../../../core";
import "./suggestions.css";

/** The form's completer and its current values, for the text widgets inside it. */
/** What the arguments form asks for suggestions: the typed value and every argument's value (the call feature makes one per selected item). */
export interface ArgumentCompleter {
  /** Suggestions for `name` given its value so far and the form's values; undefined when a newer query replaced it. */
  suggest(name: string, value: string, all: Record<string, unknown>): Promise<Suggestions | undefined>;
  cancel(): void;
}

export const CompletionContext = createContext<{ completer: ArgumentCompleter; values: Record<string, unknown> } | undefined>(undefined);

/** At most this many suggestions are shown; the rest are counted. */
const SHOWN = 12;

/**
 * rjsf's text input plus the server's suggestions for it (completion/complete), asked as the user
 * types or focuses the field. Suggestions are plain text buttons; picking one fills the field.
 */
export function CompletingTextWidget(props: WidgetProps) {
  const { id, name, value, onChange, onFocus, onBlur, registry, options } = props;
  const BaseInput = getTemplate("BaseInputTemplate", registry, options);
  const ctx = useContext(CompletionContext);
  const [focused, setFocused] = useState(false);
  const [shown, setShown] = useState<{ values: string[]; more: number; error?: string } | undefined>();
  const values = useRef(ctx?.values ?? {});
  values.current = ctx?.values ?? {};
  const typed = typeof value === "string" ? value : "";
  useEffect(() => {
    if (!ctx || !focused) return;
    let live = true;
    ctx.completer.suggest(name, typed, values.current).then(
      (s) => {
        if (live && s) setShown({ values: s.values.slice(0, SHOWN), more: Math.max(0, s.values.length - SHOWN) + (s.total !== undefined ? Math.max(0, s.total - s.values.length) : 0) });
      },
      (e: unknown) => {
        if (live) setShown({ values: [], more: 0, error: e instanceof Error ? e.message.slice(0, 300) : String(e).slice(0, 300) });
      },
    );
    return () => {
      live = false;
    };
  }, [ctx, focused, name, typed]);
  const listId = `${id}__suggestions`;
  const open = focused && shown !== undefined && (shown.values.some((v) => v !== typed) || shown.error !== undefined);
  return (
    <>
      <BaseInput
        {...props}
        onFocus={(fid: string, v: unknown) => {
          setFocused(true);
          onFocus(fid, v);
        }}
        onBlur={(fid: string, v: unknown) => {
          setFocused(false);
          onBlur(fid, v);
        }}
        aria-controls={open ? listId : undefined}
      />
      {open && (
        <div className="suggestions" id={listId} role="group" aria-label={`Suggestions for ${name}`} data-testid="suggestions">
          {shown.error !== undefined ? (
            <span className="field-error">Suggestions failed: {shown.error}</span>
          ) : (
            <>
              {shown.values.map((v) => (
                <button
                  key={v}
                  type="button"
                  className="suggestion"
                  // Keeps the input focused, so its blur does not close the list before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    onChange(v);
                    setShown(undefined);
                  }}
                >
                  {v}
                </button>
              ))}
              {shown.more > 0 && <span className="muted">and {shown.more} more</span>}
            </>
          )}
        </div>
      )}
    </>
  );
}
