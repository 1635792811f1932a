/**
 * Adds each of `urls` as an async script once the page is interactive: after the load event,
 * when the browser is idle, each once, from its own origin (which the site's CSP names; no inline
 * script). Returns what stops it if it has not run yet. Part of the embeds island, which only a
 * site that configures a script loads.
 */
export function loadWhenIdle(urls: readonly string[]): () => void {
  let done = false;
  const inject = () => {
    if (done) return;
    done = true;
    for (const src of urls) {
      if ([...document.scripts].some((s) => s.src === src)) continue;
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      document.body.appendChild(script);
    }
  };
  // requestIdleCallback where there is one (Safari has none): after the page's own work.
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(inject, { timeout: 3000 })
      : setTimeout(inject, 1);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    done = true;
    window.removeEventListener("load", whenIdle);
  };
}
