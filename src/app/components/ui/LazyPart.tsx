import { Component, Suspense, type ReactNode } from "react";

/** A dynamic import that failed (the chunk could not be fetched or run): Chromium, Firefox and Safari word it differently. */
export function isChunkLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "LazyLoadError" || /dynamically imported module|error loading dynamically imported|importing a module script failed|unable to preload/i.test(error.message);
}

interface BoundaryProps {
  what: string;
  children: ReactNode;
}

/**
 * Catches what a part of the page threw while rendering, so the rest stays: a lazy chunk that did
 * not load (the inspector's server stopped, the network is off) says so in words, with a reload.
 */
class PartBoundary extends Component<BoundaryProps, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const notLoaded = isChunkLoadFailure(error);
    return (
      <div className="error-view" role="alert" data-testid="part-failed">
        <strong className="error-title">{notLoaded ? `${this.props.what} did not load` : `${this.props.what} failed`}</strong>
        <p className="error-detail">{error.message}</p>
        <p className="error-hint">
          {notLoaded
            ? "Its code comes from the inspector's own server when first needed: check that it still runs (npm start), then reload the page."
            : "The rest of the page still works; reloading the page starts this part again."}
        </p>
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}

/**
 * A part of the page whose code is a lazy chunk (React.lazy inside): the fallback while it loads,
 * and an error in words, not a blank page, when it cannot load.
 */
export function LazyPart({ what, fallback = null, children }: { what: string; fallback?: ReactNode; children: ReactNode }) {
  return (
    <PartBoundary what={what}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartBoundary>
  );
}
