import { useLoaderData } from "react-router";
import { AdPlaceholder } from "~/components/ad-placeholder";
import { LinkListCard } from "~/components/link-list-card";
import { Byline, NewsState } from "~/components/news-state";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { StoryGrid } from "~/components/story-grid";
import { VideoEmbed } from "~/components/video-embed";
import { cityDate } from "~/lib/city-date";
import { loadFeedPage } from "~/lib/feed-page.server";
import { useT } from "~/lib/i18n";
import { PAGES } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/sports";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  const { sports } = context.content.news;
  return loadFeedPage(context, "sports", PAGES.sports, {
    sports: {
      ...sports,
      // Soonest first, each with its day and time in the city.
      upcomingGames: [...sports.upcomingGames]
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
        .map((game) => ({ ...game, when: cityDate(game.startsAt, context.site, true) })),
    },
    poster: context.content.news.featuredVideo.poster,
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function Sports() {
  const { heading, noun, block, resources, sports, poster } = useLoaderData<typeof loader>();
  const t = useT();
  const { interview } = sports;
  const { embedPlaceholders } = useSite();
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <Byline updatedAt={block.updatedAt} outlets={block.outlets} />
      <PageWithSidebar
        sidebar={
          <>
            <UpcomingGames games={sports.upcomingGames} />
            {resources && <LinkListCard list={resources} />}
            <AdPlaceholder type="google" variant="square" />
          </>
        }
      >
        <Interview interview={interview} />
        <section aria-labelledby="highlights" className="mb-10">
          <h2
            id="highlights"
            className="mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold"
          >
            {t("news.sports.highlights")}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-3">
            {sports.highlights.map((h) => (
              <li key={h.title}>
                {/* No highlight video is configured: its title and words (the player only while designing). */}
                {embedPlaceholders ? (
                  <VideoEmbed videoId="" title={h.title} poster={poster} />
                ) : (
                  <h3 className="font-serif text-lg font-bold">{h.title}</h3>
                )}
                <p className="text-sm text-muted">{h.description}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="latest-sports">
          <h2
            id="latest-sports"
            className="mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold"
          >
            {t("news.sports.latest")}
          </h2>
          <NewsState block={block} label={noun}>
            <StoryGrid articles={block.articles} eagerCount={0} headingLevel={3} />
          </NewsState>
        </section>
      </PageWithSidebar>
    </>
  );
}

type SportsData = Route.ComponentProps["loaderData"]["sports"];

/** The games coming up, soonest first: the sport, who plays whom, when and where. */
function UpcomingGames({ games }: { games: SportsData["upcomingGames"] }) {
  const t = useT();
  return (
    <section aria-labelledby="upcoming-games" className="border-t-4 border-ink pt-3">
      <h2 id="upcoming-games" className="font-serif text-xl font-bold">
        {t("news.sports.upcoming")}
      </h2>
      <ul className="mt-2 divide-y divide-rule">
        {games.map((game) => (
          <li key={`${game.home}-${game.startsAt}`} className="py-3">
            <p className="text-xs font-semibold tracking-wider text-accent uppercase">
              {game.sport}
            </p>
            <p className="font-semibold">
              {t("news.sports.game", { away: game.away, home: game.home })}
            </p>
            <p className="text-sm text-muted">
              <time dateTime={game.when.iso}>{game.when.text}</time>
              {` · ${game.venue}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page's interview: its title, the quote and who said it, and its text. */
function Interview({ interview }: { interview: SportsData["interview"] }) {
  const t = useT();
  return (
    <article className="mb-10 bg-stone-100 p-6" aria-labelledby="interview">
      <p className="text-xs font-semibold tracking-wider text-accent uppercase">
        {t("news.sports.interview")}
      </p>
      <h2 id="interview" className="mt-1 font-serif text-2xl font-bold">
        {interview.title}
      </h2>
      <blockquote className="mt-4 border-l-4 border-accent pl-4 font-serif text-xl italic">
        {`“${interview.quote}”`}
      </blockquote>
      <p className="mt-2 text-sm text-muted">{`${interview.name}, ${interview.role}`}</p>
      <p className="mt-4">{interview.body}</p>
    </article>
  );
}
