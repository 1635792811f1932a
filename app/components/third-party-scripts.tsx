import { useEffect } from "react";

/**
 * Loads the site's configured third-party scripts (SPEC.md §7: the layout's form-embed script
 * and the ad script) once the page is interactive (lib/load-scripts.ts). A site that configures
 * none loads none, nor the code that would load them.
 */
export function ThirdPartyScripts({ scripts }: { scripts: readonly string[] }) {
  const key = scripts.join(" ");
  useEffect(() => {
    if (!key) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("~/lib/load-scripts").then(({ loadWhenIdle }) => {
      if (!cancelled) stop = loadWhenIdle(key.split(" "));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key]);
  return null;
}
