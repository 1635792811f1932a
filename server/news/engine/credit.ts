import { WORD, foldWord } from "../../../common/search-text";
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

/** A name as its words, folded ("The Guardian" and "the guardian" are one name). */
function nameKey(name: string): string {
  return (name.match(WORD) ?? []).map(foldWord).join(" ");
}

/**
 * The story with the credit it is shown under: `source`, and its authors without the outlet's
 * own name, which some feeds give as every entry's author (Transfermarkt's are all "by
 * Transfermarkt"): a byline that repeats the name beside it tells a reader nothing, and the
 * JSON-LD would make the outlet a Person. Other authors stay, in their order.
 */
function creditedTo<T extends StoredArticle>(article: T, source: string): T {
  const outlet = article.authors && nameKey(source);
  const authors = article.authors?.filter((a) => nameKey(a) !== outlet);
  if (authors?.length === article.authors?.length) {
    return source === article.source ? article : { ...article, source };
  }
  const copy = { ...article, source };
  if (authors?.length) copy.authors = authors;
  else delete copy.authors;
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
 * title, and the story's own language, as stored), its byline without that name (creditedTo),
 * without its categories (read by the rules of what is not news, no page shows them, and no
 * snapshot need keep them).
 */
export function creditOf(
  subscriptions: Subscriptions,
  url: string,
): <T extends StoredArticle>(article: T) => T {
  const name = subscriptions.nameOf(url);
  const language = subscriptions.languageOf(url);
  return (article) => {
    const a = withoutCategories(article);
    // An outlet the entry names (an aggregator's item) is credited over the listing's name.
    const credited = creditedTo(a, a.publisher ? a.source : (name ?? a.source));
    return language === undefined ? credited : { ...credited, language };
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
