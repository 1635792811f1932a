import { useLoaderData } from "react-router";
import { LinkListCard } from "~/components/link-list-card";
import { Byline, NewsState } from "~/components/news-state";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { StoryGrid } from "~/components/story-grid";
import { loadFeedPage } from "~/lib/feed-page.server";
import { PAGES } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/archives";

export function loader({ context }: Route.LoaderArgs) {
  return loadFeedPage(context, "archives", PAGES.archives, {});
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function Archives() {
  const { heading, block, resources } = useLoaderData<typeof loader>();
  const { site } = useSite();
  return (
    <>
      <PageHeading standfirst={`Stories worth another look, from the archives of ${site.name}.`}>
        {heading}
      </PageHeading>
      <Byline updatedAt={block.updatedAt} outlets={block.outlets} />
      <PageWithSidebar sidebar={resources && <LinkListCard list={resources} />}>
        <NewsState block={block} label="archives" errorPrefix="Error loading archives">
          <StoryGrid articles={block.articles} label="Archive" />
        </NewsState>
      </PageWithSidebar>
    </>
  );
}
