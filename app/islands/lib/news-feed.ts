import type { FeedItem } from "~/components/news-feed-list";
import {
  fetchHeadlines,
  listedNow,
  mergeHeadlines,
  type FeedClock,
  type NewsFeedProps,
} from "~/components/news-feed-refresh";
import { propsOf } from "./ready";

/** Renders a refreshed list into a News Feed's container (the news-feed-render island). */
export type RenderFeed = (
  container: HTMLElement,
  items: readonly FeedItem[],
  clock: FeedClock,
) => void;

/**
 * The page's clock, as the clock island's props give it (after its marker, which the page's
 * first date wrote: RelativeTime): undefined when the page has none or they cannot be read.
 * Read here beside the clock island's own reading (islands/clock.ts), not shared with it: a
 * module two islands import becomes a chunk of its own, one more request on every page with a
 * date (tried: 354 B brotli, island-page-clock).
 */
export function pageClock(root: ParentNode): FeedClock | undefined {
  const marker = root.querySelector("script[data-island=clock]");
  const props = marker ? propsOf<Partial<FeedClock>>(marker) : undefined;
  const { locale, timeZone, digits } = props ?? {};
  if (typeof locale !== "string" || typeof timeZone !== "string") return undefined;
  return { locale, timeZone, ...(typeof digits === "string" ? { digits } : {}) };
}

/**
 * What a News Feed's list is rendered with: its props' zone, which carries the page's clock only
 * where the page does not (NewsFeedBlock); else the clock island's. Undefined when neither says.
 */
function clockOf(props: NewsFeedProps, root: ParentNode): FeedClock | undefined {
  const { locale, timeZone, digits } = props.zone ?? {};
  if (typeof locale === "string" && typeof timeZone === "string") {
    return { locale, timeZone, ...(typeof digits === "string" ? { digits } : {}) };
  }
  return pageClock(root);
}

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
    const clock = props && clockOf(props, root);
    if (!props || !url || !clock) continue;
    const got = await fetchHeadlines(props.categories, props.base, props.depth);
    if (!got) continue;
    const had = listed.get(container) ?? listedNow(props.had, got);
    const shown = [...shownBeside(root, container), ...(props.shown ?? [])];
    const next = mergeHeadlines(got, had, shown, props.limit);
    if (JSON.stringify(next) === JSON.stringify(had)) continue;
    listed.set(container, next);
    (await load(url))(container, next, clock);
  }
}
