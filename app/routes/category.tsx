import { data, useLoaderData } from "react-router";
import { AdPlaceholder } from "~/components/ad-placeholder";
import { LinkListCard } from "~/components/link-list-card";
import { NewsFeedBlock } from "~/components/news-feed-block";
import { feedDepth } from "~/components/news-feed-refresh";
import { Byline, NewsState } from "~/components/news-state";
import { PageHeading } from "~/components/page-heading";
import { NewStoriesOffer } from "~/components/live-updates";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { StoryGrid } from "~/components/story-grid";
import { EmbedFrame } from "~/components/embed-frame";
import { VideoEmbed } from "~/components/video-embed";
import { categoryAt, categoryHeading } from "../../sites/categories";
import { translatorFor } from "../../common/i18n";
import { useT } from "~/lib/i18n";
import { categoryStories } from "~/lib/page-stories.server";
import { newsCacheControl, toNewsBlock } from "~/lib/news";
import { newsPageMeta } from "~/lib/page-meta.server";
import { PAGES } from "~/lib/pages";
import { loaderMeta } from "~/lib/root-data";
import type { Route } from "./+types/category";
import { cityContext } from "~/lib/city-context";

// The list pages of docs/product.md §2 (local, national, world, politics, business, technology,
// automotive, real estate, health, food, lifestyle): one module, the page decided by the route.

/** Headlines in the Local News Feed. */
const NEWS_FEED_SIZE = 8;

/** docs/product.md §9: the embedded image board's height. */
const IMAGE_BOARD_HEIGHT = 1600;

export async function loader({ context: router, pattern }: Route.LoaderArgs) {
  const context = cityContext(router);
  const category = categoryAt(pattern.replace(/^\/|\/$/g, ""));
  if (!category?.fed) throw data("Not found", { status: 404 });
  const { key, slug: id } = category;
  // Two of a kind a row in the grid (picture cards, text cards), in the page's order everywhere
  // (its list in the structured data and its feeds too).
  const { news: stories, block } = await categoryStories(context, category);
  const { news } = context.content;
  const t = translatorFor(context.site.locale);
  // The Local News Feed lists the local headlines after the page's own, never them again.
  const newsFeed =
    id === "local-news"
      ? toNewsBlock(stories, context.site.locale, {
          from: block.articles.length,
          limit: NEWS_FEED_SIZE,
        }).articles
      : [];
  return data(
    {
      id,
      heading: categoryHeading(category, t),
      noun: t(category.text.noun),
      block,
      newsFeed,
      // What its refresh asks for: the category's first stories, the page's and then its own.
      newsFeedDepth: feedDepth(stories.articles, newsFeed),
      resources: news.resources[key] ?? null,
      video: { id: context.site.embeds.featuredVideo, poster: news.featuredVideo.poster },
      imageBoard: id === "local-news" ? context.site.embeds.imageBoard || null : null,
      meta: newsPageMeta(context, PAGES[id], block.articles),
    },
    { headers: { "Cache-Control": newsCacheControl([block]) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function CategoryPage() {
  const { id, heading, noun, block, newsFeed, newsFeedDepth, resources, video, imageBoard } =
    useLoaderData<typeof loader>();
  const isLocal = id === "local-news";
  const t = useT();

  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <Byline updatedAt={block.updatedAt} outlets={block.outlets} />
      <NewStoriesOffer categories={[block.key]} className="mt-4" />
      <PageWithSidebar
        sidebar={
          <>
            {resources && <LinkListCard list={resources} />}
            {isLocal && (
              <NewsFeedBlock
                title={t("news.feed.local")}
                categories={[block.key]}
                initial={newsFeed}
                limit={NEWS_FEED_SIZE}
                depth={newsFeedDepth}
              />
            )}
            <AdPlaceholder type="google" variant="vertical" />
          </>
        }
      >
        {/* The first story comes first, on a phone too: the video and the ad after the stories. */}
        <NewsState block={block} label={noun}>
          <StoryGrid articles={block.articles} />
        </NewsState>
        {isLocal && <VideoEmbed videoId={video.id} poster={video.poster} className="mt-12" />}
        <AdPlaceholder type="google" variant="horizontal" className="mt-8" />
        {imageBoard && (
          <section aria-labelledby="local-feed" className="mt-12">
            <h2
              id="local-feed"
              className="mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold"
            >
              {t("news.feed.local")}
            </h2>
            <EmbedFrame
              src={imageBoard}
              title={t("news.feed.local")}
              height={IMAGE_BOARD_HEIGHT}
              placeholder=""
            />
          </section>
        )}
      </PageWithSidebar>
    </>
  );
}
