import { ISLAND_MARKER_TYPE, type IslandName } from "../../common/islands";
import { useSite } from "~/lib/root-data";

/**
 * Names an island's module (app/islands/) where the page shows its part: a marker, not a script
 * the browser fetches at once. The page's one inline script (ISLAND_LOADER, in app/root.tsx)
 * imports each named module once the page has painted, so nothing the islands need is asked for
 * before the text is on screen. A module named twice on a page runs once (the browser's module
 * map); it finds its parts by their `data-*` markers.
 */
export function IslandScript({ name }: { name: IslandName }) {
  const { islands } = useSite();
  return <script type={ISLAND_MARKER_TYPE} data-island={name} data-src={islands[name]} />;
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
