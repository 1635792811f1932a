import type { FeedKey } from "../../sites/categories";
import { catalogueFor, hasCatalogue } from "../../common/i18n";
import type { LiveWords } from "~/islands/lib/live";
import { useSite } from "~/lib/root-data";
import { IslandProps, IslandScript } from "./island";

/** What the offer of new stories says, in a locale's language (the JSON after it). */
export function liveWords(locale: string): LiveWords {
  const catalogue = catalogueFor(locale);
  return {
    locale: hasCatalogue(locale) ? locale : "en-US",
    newStories: catalogue["layout.newStoriesCount"],
  };
}

/**
 * The page's live channel (app/islands/live.ts): its island, and the polite live region through
 * which it tells screen readers, once, of an alert that appears or new stories.
 */
export function LiveUpdates() {
  const { edition } = useSite();
  return (
    <>
      <div
        data-live-announce
        // An edition under a prefix hears its own channel (/es/api/live: its own news).
        data-base={edition?.path || undefined}
        aria-live="polite"
        className="sr-only"
      />
      <IslandScript name="live" />
    </>
  );
}

/**
 * Where a page of `categories` (home, a category page) offers new stories: an empty element
 * (no height: its margin joins those beside it), into which the live island puts a button
 * ("3 new stories", which loads the page again) once the live channel says one of them shows new
 * stories, with the words it counts in: the JSON after it (IslandProps; in an attribute, each of
 * its quotes was written `&quot;`: 11 to 52 bytes more a page, compressed). Without JavaScript
 * nothing shows: the page as rendered is right. (A hidden button shipped in every such page cost
 * it bytes and a [hidden] rule.)
 */
export function NewStoriesOffer({
  categories,
  className = "",
}: {
  categories: readonly FeedKey[];
  className?: string;
}) {
  const { site } = useSite();
  return (
    <>
      <p data-live-news={categories.join(" ")} className={className} />
      <IslandProps value={liveWords(site.locale)} />
    </>
  );
}
