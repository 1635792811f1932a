import type { Subscriptions } from "../subscriptions";
import type { StoredArticle } from "../store";

/** What says whether a listing shows a story (showsOf). */
type ShownStory = Pick<StoredArticle, "title" | "sponsored" | "categories">;
/** A listing that shows every story of its feed. */
const SHOWS_ALL = (): boolean => true;

/** An article without its categories (once the rules of what is not news have read them). */
function withoutCategories<T extends StoredArticle>(article: T): T {
  if (!article.categories) return article;
  const copy = { ...article };
  delete copy.categories;
  return copy;
}

/**
 * Which of a feed's stories its listing shows: paid posts only where the listing keeps them
 * (then labelled: `sponsored`), and never what the network's and the listing's rules say is not
 * news (job ads, marketing: not-news.ts).
 */
export function showsOf(subscriptions: Subscriptions, url: string): (story: ShownStory) => boolean {
  const keepsSponsored = subscriptions.keepsSponsored(url);
  const notNews = subscriptions.notNewsOf(url);
  if (keepsSponsored && notNews.empty) return SHOWS_ALL;
  return (story) => (keepsSponsored || !story.sponsored) && notNews.isNews(story);
}

/**
 * How a feed's listing credits a story it shows: under the publisher's name and in the language
 * that the cities' data give it, when they do (else the outlet the entry names or the feed's
 * title, and the story's own language, as stored), without its categories (read by the rules of
 * what is not news, no page shows them, and no snapshot need keep them).
 */
export function creditOf(
  subscriptions: Subscriptions,
  url: string,
): <T extends StoredArticle>(article: T) => T {
  const name = subscriptions.nameOf(url);
  const language = subscriptions.languageOf(url);
  if (name === undefined && language === undefined) return withoutCategories;
  return (article) => {
    const a = withoutCategories(article);
    return {
      ...a,
      // An outlet the entry names (an aggregator's item) is credited over the listing's name.
      source: a.publisher ? a.source : (name ?? a.source),
      language: language ?? a.language,
    };
  };
}

/**
 * A feed's articles as its listing credits them (creditOf): paid posts only where kept, and
 * nothing the rules of what is not news match (showsOf).
 */
export function credited<T extends StoredArticle>(
  subscriptions: Subscriptions,
  url: string,
  articles: T[],
): T[] {
  const shows = showsOf(subscriptions, url);
  const credit = creditOf(subscriptions, url);
  return (shows === SHOWS_ALL ? articles : articles.filter(shows)).map(credit);
}
