import { useEffect, useRef } from "react";
import { visibleInterval } from "~/islands/lib/visible-interval";

/**
 * Calls `callback` every `ms` while the page is visible, and never while it is hidden (Page
 * Visibility): a tab in the background asks nothing of the server. Back in view after its time
 * has come, it calls at once, then every `ms` again. `ms` null: not at all. (React's form of
 * visibleInterval, which plain islands use.)
 */
export function useVisibleInterval(callback: () => void, ms: number | null): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  });
  useEffect(() => (ms === null ? undefined : visibleInterval(() => saved.current(), ms)), [ms]);
}
