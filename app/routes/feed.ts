import { data } from "react-router";
import { CACHE_CONTROL } from "../../common/cache-control";
import { translatorFor } from "../../common/i18n";
import { publicPath } from "../../common/slugs";
import { categoryAt, categoryHeading } from "../../sites/categories";
import { alertWords, type AlertPlace } from "../../common/i18n/alert-words";
import type { LoadContext } from "../../server/context";
import { cityContext } from "~/lib/city-context";
import { FEED_FORMATS, feedUrl, type FeedFormat } from "~/lib/feeds";
import { writeFeed, type FeedChannel, type FeedStory } from "~/lib/feeds.server";
import { newsCacheControl, type CardArticle, type NewsBlock } from "~/lib/news";
import { categoryStories, homeStories } from "~/lib/page-stories.server";
import { PAGES } from "~/lib/pages";
import { toPublicSite } from "~/lib/site";
import type { Route } from "./+types/feed";

// The site's own feeds (issue 54; app/lib/feeds.ts names them): home's, each category page's and
// the weather alerts', in RSS 2.0, Atom 1.0 and JSON Feed 1.1. Each lists what its page shows, in
// its order (page-stories.server.ts), at most FEED_MAX items; it is cached like a page (the page
// cache keeps it, with its ETag: 304 to If-None-Match, and to If-Modified-Since against its
// Last-Modified, the last refresh of its stories).

/** The most items a feed lists. */
export const FEED_MAX = 50;

/** The date of a story's or an alert's tag: URI (RFC 4151): any day the site's host was ours. */
const TAG_DATE = "2026";

/** A stable id for what the site lists on `host`: a tag: URI (the stored story's id). */
export function tagUri(host: string, kind: "story" | "alert" | "page", id: string): string {
  return `tag:${host},${TAG_DATE}:${kind}/${encodeURIComponent(id)}`;
}

/** The page and format a feed's route names: local-news/rss.xml → /local-news, RSS. */
export function feedOf(pattern: string): { pagePath: string; format: FeedFormat } {
  // The route's pattern, with or without its leading slash (React Router gives it without).
  const path = pattern.replace(/^\/+/, "");
  const slash = path.lastIndexOf("/");
  const format = FEED_FORMATS.find((f) => f.file === path.slice(slash + 1));
  if (!format) throw data("Not found", { status: 404 });
  return { pagePath: `/${slash < 0 ? "" : path.slice(0, slash)}`, format };
}

/** A story as an item of its page's feed. */
function storyItem(story: CardArticle, host: string, fallbackDate: Date): FeedStory {
  const origin = URL.canParse(story.url) ? new URL(story.url).origin : null;
  return {
    id: tagUri(host, "story", story.id),
    title: story.title,
    link: story.url,
    summary: story.summary,
    date: story.publishedAt ? new Date(story.publishedAt) : fallbackDate,
    authors: story.authors,
    source:
      origin && /^https?:/.test(origin) ? { name: story.source, url: `${origin}/` } : undefined,
    category: story.category,
  };
}

/** What a feed lists and says of itself, before its format. */
interface Listing {
  title: string;
  description: string;
  stories: FeedStory[];
  updated: Date;
  cacheControl: string;
}

async function newsListing(
  context: LoadContext,
  pagePath: string,
  host: string,
): Promise<Listing | null> {
  const site = toPublicSite(context.site);
  const t = translatorFor(context.site.locale);
  let stories: readonly CardArticle[];
  let blocks: NewsBlock[];
  let title: string;
  let description: string;
  let updatedAt: number | null;
  if (pagePath === "/") {
    const home = await homeStories(context);
    stories = home.stories;
    blocks = home.sections.map((s) => s.block);
    updatedAt = home.updatedAt;
    title = context.site.name;
    description = PAGES.home.description(site);
  } else {
    const category = categoryAt(pagePath.slice(1));
    if (!category?.fed) return null;
    const { block } = await categoryStories(context, category);
    stories = block.articles;
    blocks = [block];
    updatedAt = block.updatedAt === null ? null : Date.parse(block.updatedAt);
    title = `${categoryHeading(category, t)} — ${context.site.name}`;
    description = PAGES[category.slug].description(site);
  }
  const updated = new Date(updatedAt ?? context.now);
  return {
    title,
    description,
    stories: stories.slice(0, FEED_MAX).map((story) => storyItem(story, host, updated)),
    updated,
    cacheControl: newsCacheControl(blocks),
  };
}

/** The weather alerts in force for the city, each an item until it ends (or is replaced). */
async function alertsListing(context: LoadContext, host: string): Promise<Listing> {
  const t = translatorFor(context.site.locale);
  const weather = await context.weather.get();
  const place: AlertPlace = {
    locale: context.site.locale,
    timeZone: context.site.timeZone,
    zoneNames: new Map(
      (context.content.pages.weather.alertZones ?? []).map((zone) => [zone.code, zone.name]),
    ),
  };
  const weatherUrl = `${context.siteUrl}${publicPath("/weather", context.edition.slugs)}`;
  const stories = weather.alerts.slice(0, FEED_MAX).map((alert): FeedStory => {
    // The words a push of it says (common/i18n/alert-words.ts), in the edition's language.
    const words = alertWords(alert, alert.zones ?? [], place);
    return {
      id: tagUri(host, "alert", alert.series ?? alert.id),
      title: alert.areaDesc ? `${words.title}: ${alert.areaDesc}` : words.title,
      link: `${weatherUrl}#alerts`,
      summary: words.body,
      date: new Date(alert.effective ?? context.now),
    };
  });
  const newest = stories.reduce((max, s) => Math.max(max, s.date.getTime()), 0);
  return {
    title: t("layout.feedAlertsTitle", { city: context.site.city }),
    description: t("layout.feedAlertsDescription", { city: context.site.city }),
    stories,
    updated: new Date(newest || context.now),
    // Alerts change: a minute at most, as the weather page; not kept while the first answer is
    // awaited (an empty feed then says nothing true).
    cacheControl: weather.state === "loading" ? CACHE_CONTROL.none : CACHE_CONTROL.news,
  };
}

export async function loader({ context: router, pattern }: Route.LoaderArgs) {
  const context = cityContext(router);
  const { pagePath, format } = feedOf(pattern);
  // A tag: URI names a domain, never a port (RFC 4151).
  const host = new URL(context.siteUrl).hostname;
  const listing =
    pagePath === "/weather"
      ? await alertsListing(context, host)
      : await newsListing(context, pagePath, host);
  if (!listing) throw data("Not found", { status: 404 });
  const { slugs } = context.edition;
  const t = translatorFor(context.site.locale);
  const year = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    timeZone: context.site.timeZone,
  }).format(context.now);
  const pageUrl = `${context.siteUrl}${publicPath(pagePath, slugs)}`;
  const channel: FeedChannel = {
    id: pageUrl,
    title: listing.title,
    description: listing.description,
    link: pageUrl,
    language: context.site.locale,
    updated: listing.updated,
    self: {
      rss: feedUrl(context.siteUrl, pagePath, FEED_FORMATS[0] as FeedFormat, slugs),
      atom: feedUrl(context.siteUrl, pagePath, FEED_FORMATS[1] as FeedFormat, slugs),
      json: feedUrl(context.siteUrl, pagePath, FEED_FORMATS[2] as FeedFormat, slugs),
    },
    copyright: t("layout.copyright", { year, site: context.site.name }),
    publisher: { name: context.site.name, url: `${context.siteUrl}/` },
  };
  return new Response(writeFeed(format.id, channel, listing.stories), {
    headers: {
      "Content-Type": `${format.type}; charset=utf-8`,
      "Cache-Control": listing.cacheControl,
      // Whole seconds: the header's resolution (If-Modified-Since is compared with it).
      "Last-Modified": new Date(Math.floor(listing.updated.getTime() / 1000) * 1000).toUTCString(),
    },
  });
}
