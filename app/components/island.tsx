import type { IslandName } from "~/lib/islands";
import { useSite } from "~/lib/root-data";

/**
 * Loads an island's module (app/islands/): a page shows the part, so it runs its code. A module
 * named twice on a page runs once (the browser's module map); it finds its parts by their
 * `data-*` markers. Deferred like every module script: the page paints first.
 */
export function IslandScript({ name }: { name: IslandName }) {
  const { islands } = useSite();
  return <script type="module" src={islands[name]} data-island={name} />;
}

/**
 * What an island needs to know that its markup does not say, as JSON right after its element
 * (read by app/islands/lib/ready.ts's propsOf). `<` is escaped, so no text of it can end the
 * script element.
 */
export function IslandProps({ value }: { value: unknown }) {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  return <script type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
