import type { FeedItem } from "~/components/news-feed-list";
import {
  fetchHeadlines,
  listedNow,
  mergeHeadlines,
  type NewsFeedProps,
} from "~/components/news-feed-refresh";
import { propsOf } from "./ready";

/** Renders a refreshed list into a News Feed's container (the news-feed-render island). */
export type RenderFeed = (
  container: HTMLElement,
  items: readonly FeedItem[],
  zone: NewsFeedProps["zone"],
) => void;

/** What each News Feed lists now, once a refresh changed it. */
const listed = new WeakMap<Element, readonly FeedItem[]>();

/**
 * The links of the stories a page shows beside a News Feed: every link of the page outside its
 * News Feeds (a story's headline, its picture, its "Also at" copies), which a refresh never lists.
 */
export function shownBeside(root: ParentNode, container: Element): Set<string> {
  const shown = new Set<string>();
  for (const link of root.querySelectorAll("a[href]")) {
    if (link.closest("[data-news-feed]") || container.contains(link)) continue;
    shown.add(link.getAttribute("href") ?? "");
  }
  return shown;
}

/**
 * Refreshes every News Feed of the page (`[data-news-feed]`, its props after it): asks for its
 * categories and, when that gives newer headlines the page does not show, renders the list again
 * with the renderer at the container's address (`load`: fetched then, once). A refresh that
 * failed or found nothing new keeps what is shown. The feeds are looked for at each refresh, so
 * that one a page gained later (until-ready) is refreshed too.
 */
export async function refreshFeeds(
  root: ParentNode,
  load: (url: string) => Promise<RenderFeed>,
): Promise<void> {
  for (const container of root.querySelectorAll<HTMLElement>("[data-news-feed]")) {
    const props = propsOf<NewsFeedProps>(container);
    const url = container.dataset.newsFeed;
    if (!props || !url) continue;
    const got = await fetchHeadlines(props.categories, props.base, props.depth);
    if (!got) continue;
    const had = listed.get(container) ?? listedNow(props.had, got);
    const shown = [...shownBeside(root, container), ...(props.shown ?? [])];
    const next = mergeHeadlines(got, had, shown, props.limit);
    if (JSON.stringify(next) === JSON.stringify(had)) continue;
    listed.set(container, next);
    (await load(url))(container, next, props.zone);
  }
}
