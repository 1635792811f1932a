import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

/** How often a page whose news is still loading asks its loader again. */
export const LOADING_POLL_MS = 2_000;
/** How often a page showing a feed error looks again (the engine retries with backoff). */
export const ERROR_POLL_MS = 10_000;

/**
 * Re-runs the page's loaders (no reload) while a block of news is loading, and more slowly while
 * one shows an error, so the page recovers by itself when the feed does; never while the page is
 * hidden (Page Visibility): a tab in the background asks nothing of the server.
 */
export function useRevalidateUntilReady(loading: boolean, failed = false): void {
  const revalidator = useRevalidator();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(!document.hidden);
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  useEffect(() => {
    if ((!loading && !failed) || !visible || revalidator.state !== "idle") return;
    const delay = loading ? LOADING_POLL_MS : ERROR_POLL_MS;
    const timer = window.setTimeout(() => void revalidator.revalidate(), delay);
    return () => window.clearTimeout(timer);
  }, [loading, failed, visible, revalidator]);
}
