import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** How often a page whose news is still loading asks its loader again. */
export const LOADING_POLL_MS = 2_000;

/** Re-runs the page's loaders (no reload) until no block of news is loading any more. */
export function useRevalidateWhileLoading(loading: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!loading || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), LOADING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [loading, revalidator]);
}
