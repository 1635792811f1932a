import { useLoaderData } from "react-router";
import { LinkListCard } from "~/components/link-list-card";
import { Byline, NewsState } from "~/components/news-state";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { StoryGrid } from "~/components/story-grid";
import { loadFeedPage } from "~/lib/feed-page.server";
import { useT } from "~/lib/i18n";
import { PAGES } from "~/lib/pages";
import { loaderMeta } from "~/lib/root-data";
import type { Route } from "./+types/opinion";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return loadFeedPage(context, "opinion", PAGES.opinion, { opinion: context.content.news.opinion });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

function Box({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="bg-stone-100 p-5" aria-label={title}>
      <h2 className="font-serif text-xl font-bold">{title}</h2>
      <div className="mt-2 space-y-2 text-[0.95rem]">{children}</div>
    </section>
  );
}

export default function Opinion() {
  const { heading, noun, block, resources, opinion } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <PageHeading standfirst={t("news.opinion.standfirst")}>{heading}</PageHeading>
      <Byline updatedAt={block.updatedAt} outlets={block.outlets} />
      <PageWithSidebar
        sidebar={
          <>
            <Box title={t("news.opinion.submitTitle")}>
              <p>{t("news.opinion.submitWelcome")}</p>
              <ul className="list-disc pl-5">
                <li>{t("news.opinion.opEdLength")}</li>
                <li>{t("news.opinion.letterLength")}</li>
              </ul>
              <p>
                {t("news.opinion.sendTo")}{" "}
                <a className="link" href={`mailto:${opinion.submitEmail}`}>
                  {opinion.submitEmail}
                </a>
                .
              </p>
            </Box>
            <Box title={t("news.opinion.standards")}>
              <ul className="list-disc space-y-1 pl-5">
                {opinion.standards.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </Box>
            {resources && <LinkListCard list={resources} />}
          </>
        }
      >
        <NewsState block={block} label={noun} errorPrefix={t("news.state.errorArticles")}>
          <StoryGrid articles={block.articles} readMore />
        </NewsState>
      </PageWithSidebar>
    </>
  );
}
