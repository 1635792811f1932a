import type { FeedKey } from "../../sites/categories";
import { IslandScript } from "./island";

/**
 * The page's live channel (app/islands/live.ts): its island, and the polite live region through
 * which it tells screen readers, once, of an alert that appears or new stories.
 */
export function LiveUpdates() {
  return (
    <>
      <div data-live-announce aria-live="polite" className="sr-only" />
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
  return (
    <p data-live-news={categories.join(" ")} hidden className={className}>
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded bg-accent px-4 text-sm font-semibold text-white hover:underline"
      >
        New stories
      </button>
    </p>
  );
}
