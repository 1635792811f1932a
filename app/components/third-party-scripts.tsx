import { IslandProps, IslandScript } from "./island";

/**
 * Loads the site's configured third-party scripts (docs/product.md §7: the layout's form-embed script
 * and the ad script) once the page is interactive: the embeds island (app/islands/embeds.ts),
 * their URLs its props. A site that configures none names neither the island nor a script.
 */
export function ThirdPartyScripts({ scripts }: { scripts: readonly string[] }) {
  if (scripts.length === 0) return null;
  return (
    <>
      <IslandScript name="embeds" />
      <IslandProps value={scripts} />
    </>
  );
}
