/**
 * Calls `callback` every `ms` while the page is visible, and never while it is hidden (Page
 * Visibility): a tab in the background asks nothing of the server. Back in view after its time
 * has come, it calls at once, then every `ms` again. Returns what stops it.
 */
export function visibleInterval(callback: () => void, ms: number): () => void {
  let timer: number | undefined;
  let last = Date.now();
  const schedule = () => {
    window.clearTimeout(timer);
    timer = undefined;
    if (document.hidden) return;
    const wait = Math.max(0, ms - (Date.now() - last));
    timer = window.setTimeout(() => {
      last = Date.now();
      callback();
      schedule();
    }, wait);
  };
  document.addEventListener("visibilitychange", schedule);
  schedule();
  return () => {
    window.clearTimeout(timer);
    timer = undefined;
    document.removeEventListener("visibilitychange", schedule);
  };
}
