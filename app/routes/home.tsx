import { Fragment } from "react";
import { data, useLoaderData } from "react-router";
import { AdPlaceholder } from "~/components/ad-placeholder";
import { Byline } from "~/components/news-state";
import { FeaturedStory } from "~/components/featured-story";
import { LinkListCard } from "~/components/link-list-card";
import { NewsFeedBlock } from "~/components/news-feed-block";
import { feedDepth } from "~/components/news-feed-refresh";
import { HomeSection } from "~/components/home-section";
import { IslandScript } from "~/components/island";
import { hasPicture } from "~/components/story-card";
import { VideoEmbed } from "~/components/video-embed";
import { WeatherSummary } from "~/components/weather-live";
import { EmergencyBlock } from "~/components/storm-mode";
import { PushWarnings } from "~/components/push-warnings";
import { BriefingSignup } from "~/components/briefing-signup";
import { inStorm } from "~/lib/storm";
import { HOME_KEYS } from "../../sites/categories";
import { translatorFor } from "../../common/i18n";
import { useT } from "~/lib/i18n";
import { NewStoriesOffer } from "~/components/live-updates";
import { countOutlets, newsCacheControl, toCardArticle } from "~/lib/news";
import { feedAlternates } from "~/lib/feeds";
import { homeStories } from "~/lib/page-stories.server";
import { notShown } from "../../common/story-keys";
import { pageMeta } from "~/lib/page-meta.server";
import { orUnavailable } from "~/lib/database.server";
import { newsPageExtras } from "~/lib/meta";
import { PAGES, pagesFor } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import { usePageHref } from "~/lib/page-path";
import type { Route } from "./+types/home";
import { cityContext } from "~/lib/city-context";

/** Headlines in the sidebar's News Feed (NewsFeedBlock's own number). */
const NEWS_FEED_SIZE = 8;

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  const { locale } = context.site;
  const t = translatorFor(locale);
  const { news } = context.content;
  // The lead, then the sections, each story once (page-stories.server.ts; the feeds list the same).
  const { featured, sections, shown, updatedAt, stories: listed } = await homeStories(context);
  const stories = sections.flatMap((s) => s.block.articles);
  // The News Feed: the newest of home's categories together that the page has not shown.
  const combined = await orUnavailable(context.news.getCategories(HOME_KEYS, Infinity));
  const weather = await context.weather.get();
  const newsFeed = notShown(
    combined.articles.map((a) => toCardArticle(a, locale)),
    shown,
    NEWS_FEED_SIZE,
  );
  // What its refresh must ask for to see every headline it lists.
  const newsFeedDepth = feedDepth(combined.articles, newsFeed);
  // Home never shows a section's loading or error text (issue 37): a section with nothing to
  // show is left out; still loading, the page keeps asking for itself (until-ready).
  const waiting = sections.some((s) => s.block.state === "loading");
  // Stories shown without a link: the News Feed's refresh cannot find them among the page's links.
  const unlinked = listed.filter((a) => a.url === "#").map((a) => a.id);
  // With no story, the site's built-in featured story stands in.
  const shownLead = featured ?? news.featuredStory;
  return data(
    {
      heading: pagesFor(locale).home.heading,
      featured: shownLead,
      // The dateline: how many outlets the page's stories come from, and its last refresh.
      outlets: countOutlets(listed),
      updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
      // With a picture of its own, the lead sits beside the Local headlines; text-led, above.
      leadPictured: hasPicture(shownLead.image, context.site.defaultImage),
      sections,
      waiting,
      // The News Feed asks for the same categories later (/api/articles).
      newsFeedCategories: HOME_KEYS,
      cityLinks: {
        title: t("news.home.cityLinks", { city: context.site.city }),
        links: context.site.cityLinks.map((l) => ({ title: l.label, url: l.url })),
      },
      newsFeed,
      newsFeedDepth,
      unlinked,
      weather,
      // Storm mode: an Extreme or Severe alert in force (the page is made again when it ends).
      storm: inStorm(weather),
      emergencyLinks: context.site.emergency ?? [],
      // The city's NWS zones, offered for warnings by push in storm mode.
      alertZones: context.content.pages.weather.alertZones,
      video: {
        id: context.site.embeds.featuredVideo,
        poster: news.featuredVideo.poster,
        title: news.featuredVideo.title,
      },
      // The stories of home's sections in page order, the featured one first; no single section.
      meta: pageMeta(
        context,
        PAGES.home,
        newsPageExtras(undefined, [shownLead, ...stories]),
        feedAlternates(context.siteUrl, "/", context.site.name, context.edition.slugs),
      ),
    },
    { headers: { "Cache-Control": newsCacheControl(sections.map((s) => s.block)) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;
type Section = HomeData["sections"][number];

export default function Home() {
  const home = useLoaderData<typeof loader>();
  const { heading, featured, sections, waiting, weather, storm } = home;
  const { site } = useSite();
  const pageHref = usePageHref();
  const t = useT();

  const filled = (section: Section | undefined) =>
    section && section.block.articles.length > 0 ? section : undefined;
  const [first, ...rest] = sections;
  // Local beside the lead when it has stories; no other section takes its place there.
  const local = filled(first);
  const others = rest.filter(filled);
  const lead = (
    <section aria-label={t("news.home.featured")}>
      <FeaturedStory story={featured} />
      {!local && others.length === 0 && <NoNewsYet waiting={waiting} />}
    </section>
  );
  return (
    <>
      <h1 className="sr-only">{heading}</h1>
      {/*
        Storm mode: the emergency block first, before the top story, and the weather beside it
        (under it on a phone), not down the sidebar.
      */}
      {storm && <StormTop home={home} />}
      <Byline
        updatedAt={home.updatedAt}
        outlets={home.outlets}
        className="-mt-3 mb-4 max-sm:text-xs"
      />
      <NewStoriesOffer categories={HOME_KEYS} className="mb-4" />
      {/*
        One grid, so that neither column waits for the other (issue 53). On a phone, in order:
        the lead story, the Local section's headlines, the weather (within the first two
        screens), the other sections, then the rest of the sidebar. From lg, the lead and the
        sections down the left and, beside a lead with a picture of its own, the Local headlines,
        the weather and the rest down the right; a text-led lead and its Local headlines go
        across the page above both. The last row is the flexible one: the long column of
        sections grows only it, so the weather follows the Local headlines closely.
      */}
      <div className="grid grid-cols-1 gap-x-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_auto_auto_1fr]">
        <LeadAndLocal lead={lead} local={local} pictured={home.leadPictured} />
        {!storm && (
          <div className="mt-8 lg:col-start-2 lg:row-start-3">
            <WeatherSummary weather={weather} place={site} href={pageHref} />
            <BriefingSignup compact className="mt-3 sm:mt-4" />
          </div>
        )}
        <OtherSections others={others} loading={waiting && (!!local || others.length > 0)} />
        <HomeSidebar home={home} />
      </div>
    </>
  );
}

/** Storm mode's top: the emergency block (with warnings by push) and the weather beside it. */
function StormTop({ home }: { home: HomeData }) {
  const { site } = useSite();
  const pageHref = usePageHref();
  return (
    <div className="mb-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <EmergencyBlock
        weather={home.weather}
        place={site}
        links={home.emergencyLinks}
        href={pageHref}
      >
        <PushWarnings zones={home.alertZones} className="mt-4" />
      </EmergencyBlock>
      <WeatherSummary weather={home.weather} place={site} href={pageHref} />
    </div>
  );
}

/**
 * The lead story and the Local headlines: beside it when the lead has a picture of its own,
 * under it, across the page, when it is text-led.
 */
function LeadAndLocal({
  lead,
  local,
  pictured,
}: {
  lead: React.ReactNode;
  local: Section | undefined;
  pictured: boolean;
}) {
  return pictured ? (
    <>
      {lead}
      {local && (
        <div className="mt-6 lg:col-start-2 lg:row-span-2 lg:mt-0">
          <HomeSection section={local} compact />
        </div>
      )}
    </>
  ) : (
    <div className="lg:col-span-2">
      {lead}
      {local && (
        <div className="mt-6">
          <HomeSection section={local} compact wide />
        </div>
      )}
    </div>
  );
}

/** Home's other sections down the left, the advertising after the second. */
function OtherSections({ others, loading }: { others: Section[]; loading: boolean }) {
  return (
    <div className="mt-10 min-w-0 space-y-8 sm:space-y-12 lg:col-start-1 lg:row-[2/5]">
      {/* Some news is still loading: the page asks for itself again (the until-ready island). */}
      {loading && (
        <>
          <span hidden data-news-state="loading" />
          <IslandScript name="until-ready" />
        </>
      )}
      {others.map((section, i) => (
        <Fragment key={section.key}>
          <HomeSection section={section} />
          {/* Advertising after the second section: never before the first story. */}
          {i === 1 && <AdPlaceholder type="google" variant="horizontal" />}
        </Fragment>
      ))}
    </div>
  );
}

/** The sidebar: the video, the city's links, the News Feed and the sidebar's advertising. */
function HomeSidebar({ home }: { home: HomeData }) {
  const t = useT();
  const { video, cityLinks } = home;
  return (
    <aside
      // On a phone, where it follows all the sections, the News Feed lists its first five.
      className="mt-10 flex flex-col gap-8 lg:col-start-2 lg:row-start-4 max-sm:[&_ol>li:nth-child(n+6)]:hidden [&>:last-child]:lg:sticky [&>:last-child]:lg:top-32"
      aria-label={t("news.home.related")}
    >
      <VideoEmbed videoId={video.id} poster={video.poster} title={video.title} />
      {cityLinks.links.length > 0 && <LinkListCard list={cityLinks} />}
      <NewsFeedBlock
        title={t("news.home.newsFeed")}
        categories={home.newsFeedCategories}
        initial={home.newsFeed}
        depth={home.newsFeedDepth}
        shown={home.unlinked}
      />
      <AdPlaceholder type="buddhatv" variant="square" />
      <AdPlaceholder type="dunamischarge" variant="vertical" />
    </aside>
  );
}

/**
 * Under the built-in lead when no section of home has a story (issue 37): said once, never a
 * section's error text. While news is still loading the page asks for itself until it is ready.
 */
function NoNewsYet({ waiting }: { waiting: boolean }) {
  const t = useT();
  return waiting ? (
    <>
      <p role="status" className="mt-6 text-muted" data-news-state="loading">
        {t("news.home.loading")}
      </p>
      <IslandScript name="until-ready" />
    </>
  ) : (
    <p role="status" className="mt-6 text-muted">
      {t("news.home.unavailable")}
    </p>
  );
}
