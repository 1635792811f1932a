import { useRevalidator } from "react-router";
import { useVisibleInterval } from "./use-visible-interval";

/** How often a page whose news is still loading asks its loader again. */
export const LOADING_POLL_MS = 2_000;
/** How often a page showing a feed error looks again (the engine retries with backoff). */
export const ERROR_POLL_MS = 10_000;

/**
 * Re-runs the page's loaders (no reload) while a block of news is loading, and more slowly while
 * one shows an error, so the page recovers by itself when the feed does; never while the page is
 * hidden (Page Visibility): a tab in the background asks nothing of the server, and asks at once
 * when it is back in view after its time has come.
 */
export function useRevalidateUntilReady(loading: boolean, failed = false): void {
  const revalidator = useRevalidator();
  useVisibleInterval(
    () => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    },
    loading ? LOADING_POLL_MS : failed ? ERROR_POLL_MS : null,
  );
}
