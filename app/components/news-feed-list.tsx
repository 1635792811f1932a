import { linkAreaOf } from "../../common/i18n/links";
import { StoryLink, linkWordsOf } from "./external-link";
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
 * The words of a News Feed's list in the page's language (its catalogue's links area:
 * news.feed.empty, layout.sponsored and layout.inLanguage): feedWordsOf, on the server and in the
 * news-feed-render island alike, which loads no catalogue.
 */
export interface FeedWords {
  /** "No other headlines yet." */
  empty: string;
  /** "Sponsored" */
  sponsored: string;
  /** "in {language}" (a language's name in the page's language in `{language}`). */
  inLanguage: string;
}

/**
 * A News Feed's words in a locale's language (English where it has no catalogue): its links'
 * "Sponsored" and "in {language}", and its empty list's.
 */
export function feedWordsOf(locale: string): FeedWords {
  const { sponsored, inLanguage } = linkWordsOf(locale);
  return { empty: linkAreaOf(locale)["news.feed.empty"], sponsored, inLanguage };
}

/** The English catalogue's words, for a list rendered without its edition's (a test). */
export const ENGLISH_FEED_WORDS: FeedWords = feedWordsOf("en");

/**
 * A News Feed's list of headlines: rendered on the server (NewsFeedBlock), and again in the
 * browser by the news-feed-render island after a refresh. No React Router here (a React island
 * renders it): its dates read ClockContext; its words are given (`words`), no catalogue loaded.
 */
export function NewsFeedList({
  items,
  words = ENGLISH_FEED_WORDS,
}: {
  items: readonly FeedItem[];
  words?: FeedWords;
}) {
  if (items.length === 0) {
    return <p className="mt-2 text-sm text-muted">{words.empty}</p>;
  }
  return (
    <ol className="mt-2 divide-y divide-rule">
      {items.map((item) => (
        <li key={item.id} className="py-2">
          <StoryLink
            story={item}
            className="font-serif text-base/snug font-bold text-ink hover:text-accent hover:underline"
          >
            {item.title}
          </StoryLink>
          <p className="text-xs text-muted">
            {item.sponsored && <SponsoredLabel text={words.sponsored} />}
            <span>{item.source}</span>
            {item.languageName && (
              <span>, {words.inLanguage.replace("{language}", item.languageName)}</span>
            )}
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
