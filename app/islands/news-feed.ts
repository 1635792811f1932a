import { NEWS_FEED_REFRESH_MS } from "~/components/news-feed-refresh";
import { refreshFeeds, type RenderFeed } from "./lib/news-feed";
import { ready, wholeStylesheet } from "./lib/ready";
import { visibleInterval } from "./lib/visible-interval";

/**
 * The News Feed's refresh (home, /local-news): every 5 minutes while the page is in view. React
 * (the news-feed-render island) and the whole stylesheet load only when a refresh has new
 * headlines to list, never in a page's first load.
 */
const load = async (url: string): Promise<RenderFeed> => {
  const [renderer] = await Promise.all([
    import(/* @vite-ignore */ url) as Promise<{ renderFeed: RenderFeed }>,
    wholeStylesheet(),
  ]);
  return renderer.renderFeed;
};

visibleInterval(() => void refreshFeeds(document, load), NEWS_FEED_REFRESH_MS);

ready("news-feed");
