import { feedUrl, type FeedEntry } from "./schema";

/**
 * The outlets a site's feeds are from (issue 53: the About page names them and counts them):
 * each feed's short name as the city's data gives it, else its host without "www."; each
 * outlet once (case aside), in alphabetical order in the site's locale.
 */
export function outletsOf(
  feeds: Readonly<Partial<Record<string, readonly FeedEntry[]>>>,
  locale: string,
): string[] {
  const byKey = new Map<string, string>();
  for (const entry of Object.values(feeds).flatMap((list) => list ?? [])) {
    const name = (typeof entry === "string" ? undefined : entry.name) ?? hostOf(feedUrl(entry));
    const key = name.toLocaleLowerCase(locale);
    if (name && !byKey.has(key)) byKey.set(key, name);
  }
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...byKey.values()].sort(collator.compare);
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, "") : url;
}
