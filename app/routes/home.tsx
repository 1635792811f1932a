import { data, Link, useLoaderData } from "react-router";
import { AdPlaceholder } from "~/components/ad-placeholder";
import { CompactStory } from "~/components/compact-story";
import { FeaturedStory } from "~/components/featured-story";
import { LinkListCard } from "~/components/link-list-card";
import { NewsFeedBlock } from "~/components/news-feed-block";
import { NewsState } from "~/components/news-state";
import { StoryCard } from "~/components/story-card";
import { VideoEmbed } from "~/components/video-embed";
import { HOME_SECTIONS } from "../../sites/categories";
import { newsCacheControl, toCardArticle, toNewsBlock } from "~/lib/news";
import { newsPageExtras } from "~/lib/meta";
import { PAGES } from "~/lib/pages";
import { metaForPage, useSite } from "~/lib/root-data";
import { useRevalidateUntilReady } from "~/lib/use-revalidate-until-ready";
import type { Route } from "./+types/home";

/** SPEC.md §9: home shows the first 5 articles of each section. */
export const HOME_SECTION_SIZE = 5;
/** Headlines in the sidebar's News Feed. */
const NEWS_FEED_SIZE = 8;
/** The News Feed lists the newest stories of home's sections (and asks for the same later). */
const NEWS_FEED_CATEGORIES = HOME_SECTIONS.map((s) => s.key);

export function loader({ context }: Route.LoaderArgs) {
  const sections = HOME_SECTIONS.map((section) => ({
    ...section,
    block: toNewsBlock(context.news.getCategory(section.key), HOME_SECTION_SIZE + 1),
  }));
  const local = sections[0]?.block;
  const firstLocal = local?.articles[0];
  const { news } = context.content;
  // The first local article is the featured story (and leaves the Local section); with no local
  // article, the site's built-in featured story stands in.
  const featured = firstLocal ?? news.featuredStory;
  const shown = sections.map((s) => ({
    ...s,
    block: {
      ...s.block,
      articles: (s === sections[0] && firstLocal
        ? s.block.articles.slice(1)
        : s.block.articles
      ).slice(0, HOME_SECTION_SIZE),
    },
  }));
  const newsFeed = context.news
    .getCategories(NEWS_FEED_CATEGORIES, NEWS_FEED_SIZE)
    .articles.map(toCardArticle);
  return data(
    {
      featured,
      sections: shown,
      newsFeed,
      video: {
        id: context.site.embeds.featuredVideo,
        poster: news.featuredVideo.poster,
        title: news.featuredVideo.title,
      },
    },
    { headers: { "Cache-Control": newsCacheControl(sections.map((s) => s.block)) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  // The stories of home's sections in page order, the featured one first; no single section.
  const stories = loaderData
    ? [loaderData.featured, ...loaderData.sections.flatMap((s) => s.block.articles)]
    : [];
  return metaForPage(PAGES.home, matches, newsPageExtras(undefined, stories));
}

export default function Home() {
  const { featured, sections, newsFeed, video } = useLoaderData<typeof loader>();
  const { site } = useSite();
  useRevalidateUntilReady(
    sections.some((s) => s.block.state === "loading"),
    sections.some((s) => s.block.state === "error"),
  );

  return (
    <>
      <h1 className="sr-only">{PAGES.home.heading}</h1>
      <section aria-label="Featured story" className="border-b border-rule pb-8">
        <FeaturedStory story={featured} />
      </section>
      <AdPlaceholder type="google" variant="horizontal" className="my-8" />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-12">
          {sections.map((section) => (
            <section key={section.key} aria-labelledby={`section-${section.key}`}>
              <div className="mb-4 flex items-end justify-between gap-4 border-t-4 border-ink pt-3">
                <h2 id={`section-${section.key}`} className="font-serif text-2xl font-bold">
                  {section.title}
                </h2>
                <Link
                  to={PAGES[section.slug].path}
                  className="inline-flex min-h-11 shrink-0 items-center rounded border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-white"
                >
                  See All<span className="sr-only"> {section.title} news</span>
                </Link>
              </div>
              <NewsState block={section.block} label={section.key}>
                <div className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
                  {section.block.articles.slice(0, 1).map((article) => (
                    <StoryCard key={article.id} article={article} />
                  ))}
                  <div className="sm:pt-4">
                    {section.block.articles.slice(1).map((article) => (
                      <CompactStory key={article.id} article={article} />
                    ))}
                  </div>
                </div>
              </NewsState>
            </section>
          ))}
        </div>
        <aside className="flex flex-col gap-8" aria-label="Related">
          <VideoEmbed videoId={video.id} poster={video.poster} title={video.title} />
          <LinkListCard
            list={{
              title: `Learn More About ${site.city}`,
              links: site.cityLinks.map((l) => ({ title: l.label, url: l.url })),
            }}
          />
          <NewsFeedBlock
            title="News Feed"
            categories={NEWS_FEED_CATEGORIES}
            initial={newsFeed}
            limit={NEWS_FEED_SIZE}
          />
          <AdPlaceholder type="buddhatv" variant="square" />
          <AdPlaceholder type="dunamischarge" variant="vertical" />
        </aside>
      </div>
    </>
  );
}
