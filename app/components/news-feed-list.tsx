import { StoryLink } from "./external-link";
import { RelativeTime } from "./relative-time";
import { SponsoredLabel } from "./sponsored-label";

/** A headline as the News Feed lists it (and /api/articles gives it). */
export interface FeedItem {
  id: string;
  title: string;
  url: string;
  source: string;
  date: string | null;
  lang?: string;
  dir?: "ltr" | "rtl";
  /** Its language's name when it is not the city's ("German"): "in German". */
  languageName?: string;
  /** A paid post its feed's listing keeps: labelled "Sponsored". */
  sponsored?: true;
}

/**
 * A News Feed's list of headlines: rendered on the server (NewsFeedBlock), and again in the
 * browser by the news-feed-render island after a refresh. No React Router here (a React island
 * renders it): its dates read ClockContext.
 */
export function NewsFeedList({ items }: { items: readonly FeedItem[] }) {
  if (items.length === 0) {
    return <p className="mt-2 text-sm text-muted">No other headlines yet.</p>;
  }
  return (
    <ol className="mt-2 divide-y divide-rule">
      {items.map((item) => (
        <li key={item.id} className="py-2">
          <StoryLink
            story={item}
            className="font-serif text-base leading-snug font-bold text-ink hover:text-accent hover:underline"
          >
            {item.title}
          </StoryLink>
          <p className="text-xs text-muted">
            {item.sponsored && <SponsoredLabel />}
            <span>{item.source}</span>
            {item.languageName && <span>, in {item.languageName}</span>}
            {item.date && (
              <>
                <span aria-hidden="true"> · </span>
                <RelativeTime iso={item.date} />
              </>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}
