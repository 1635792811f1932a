import { useLoaderData } from "react-router";
import { LinkListCard } from "~/components/link-list-card";
import { Byline, NewsState } from "~/components/news-state";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { StoryGrid } from "~/components/story-grid";
import { cityDate } from "~/lib/city-date";
import { loadFeedPage } from "~/lib/feed-page.server";
import { useT } from "~/lib/i18n";
import { PAGES } from "~/lib/pages";
import { loaderMeta } from "~/lib/root-data";
import type { Route } from "./+types/arts-culture";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return loadFeedPage(context, "arts", PAGES["arts-culture"], {
    calendar: context.content.news.culturalCalendar.map((item) => ({
      ...item,
      when: cityDate(item.date, context.site),
    })),
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function ArtsCulture() {
  const { heading, noun, block, resources, calendar } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <Byline updatedAt={block.updatedAt} outlets={block.outlets} />
      <PageWithSidebar
        sidebar={
          <>
            <section aria-labelledby="cultural-calendar" className="border-t-4 border-ink pt-3">
              <h2 id="cultural-calendar" className="font-serif text-xl font-bold">
                {t("news.arts.calendar")}
              </h2>
              <ul className="mt-2 divide-y divide-rule">
                {calendar.map((item) => (
                  <li key={item.title} className="py-3">
                    <p className="text-xs font-semibold tracking-wider text-accent uppercase">
                      <time dateTime={item.when.iso}>{item.when.text}</time>
                    </p>
                    <p className="font-semibold">{item.title}</p>
                    <p className="text-sm text-muted">{item.venue}</p>
                    <p className="mt-1 text-sm">{item.description}</p>
                  </li>
                ))}
              </ul>
            </section>
            {resources && <LinkListCard list={resources} />}
          </>
        }
      >
        <NewsState block={block} label={noun}>
          <StoryGrid articles={block.articles} />
        </NewsState>
      </PageWithSidebar>
    </>
  );
}
