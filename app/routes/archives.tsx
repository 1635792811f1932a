import { useLoaderData } from "react-router";
import { LinkListCard } from "~/components/link-list-card";
import { Byline, NewsState } from "~/components/news-state";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { StoryGrid } from "~/components/story-grid";
import { loadFeedPage } from "~/lib/feed-page.server";
import { useT } from "~/lib/i18n";
import { PAGES } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/archives";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return loadFeedPage(context, "archives", PAGES.archives, {});
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function Archives() {
  const { heading, noun, block, resources } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  return (
    <>
      <PageHeading standfirst={t("news.archives.standfirst", { name: site.name })}>
        {heading}
      </PageHeading>
      <Byline updatedAt={block.updatedAt} outlets={block.outlets} />
      <PageWithSidebar sidebar={resources && <LinkListCard list={resources} />}>
        <NewsState block={block} label={noun} errorPrefix={t("news.state.errorArchives")}>
          <StoryGrid articles={block.articles} label={t("news.story.archiveLabel")} />
        </NewsState>
      </PageWithSidebar>
    </>
  );
}
