import type { FeedKey } from "../../sites/categories";
import { catalogueFor, hasCatalogue } from "../../common/i18n";
import type { LiveWords } from "~/islands/lib/live";
import { useT } from "~/lib/i18n";
import { useSite } from "~/lib/root-data";
import { IslandScript } from "./island";

/** What the live channel says, in a locale's language (the island's `data-words`). */
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
  const { site, edition } = useSite();
  return (
    <>
      <div
        data-live-announce
        data-words={JSON.stringify(liveWords(site.locale))}
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
 * The offer of new stories on a page of `categories` (home, a category page): hidden until the
 * live channel says one of them shows new stories, then "3 new stories", which loads the page
 * again. Without JavaScript it never shows: the page as rendered is right.
 */
export function NewStoriesOffer({
  categories,
  className = "",
}: {
  categories: readonly FeedKey[];
  className?: string;
}) {
  const t = useT();
  return (
    <p data-live-news={categories.join(" ")} hidden className={className}>
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded bg-accent px-4 text-sm font-semibold text-white hover:underline"
      >
        {t("layout.newStories")}
      </button>
    </p>
  );
}
