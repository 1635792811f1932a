import { data, useLoaderData } from "react-router";
import { PageHeading } from "~/components/page-heading";
import { SearchBox } from "~/components/search-box";
import { MarkedText } from "~/components/marked-text";
import { StoryGrid } from "~/components/story-grid";
import { orUnavailable } from "~/lib/database.server";
import { CACHE_CONTROL } from "../../common/cache-control";
import { pageMeta } from "~/lib/page-meta.server";
import { SEARCH_PAGE, searchPageFor } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import { useT } from "~/lib/i18n";
import { describeCount, searchHref, type SitePageHit } from "~/lib/search";
import { readSearchParams, toSearchPage } from "~/lib/search.server";
import { searchSitePages } from "~/lib/site-search.server";
import type { Route } from "./+types/search";
import { PageLink } from "~/components/page-link";
import { usePageHref } from "~/lib/page-path";
import { cityContext } from "~/lib/city-context";

// /search?q=…&page=N (decision 003): the site's own pages holding the words typed, in a short
// list, then the stored stories matching them, as story cards, ranked by relevance and recency,
// matches marked, 20 a page. Search engines are asked not to index it.

const NOINDEX = "noindex";

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  const { q, page } = readSearchParams(new URL(request.url).searchParams);
  const meta = pageMeta(context, SEARCH_PAGE, {}, [{ name: "robots", content: NOINDEX }]);
  const stories = toSearchPage(
    await orUnavailable(context.news.search(q, page)),
    context.site.locale,
  );
  return data(
    {
      heading: searchPageFor(context.site.locale).heading,
      ...stories,
      // Listed above the first page of stories only.
      sitePages: stories.page === 1 ? searchSitePages(context.site, context.content, q) : [],
      meta,
    },
    {
      headers: { "Cache-Control": CACHE_CONTROL.news, "X-Robots-Tag": NOINDEX },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function SearchPage() {
  const results = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  const { heading, query, articles, sitePages } = results;

  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <SearchBox variant="page" label={t("news.search.again")} className="mb-8 max-w-xl" />
      {query && <SitePages pages={sitePages} />}
      {!query ? (
        <p className="py-8 text-lg text-muted">{t("news.search.prompt")}</p>
      ) : articles.length === 0 ? (
        <p className="py-8 text-lg text-muted">{t("news.search.none", { query })}</p>
      ) : (
        <>
          <p role="status" className="mb-6 text-sm font-semibold text-muted">
            {describeCount(results, site.locale)}
            {results.more && t("news.search.more")}
          </p>
          <StoryGrid articles={articles} Marked={MarkedText} />
          <Pager query={query} page={results.page} pageCount={results.pageCount} />
        </>
      )}
    </>
  );
}

/** The site's own pages that hold the words: title (a link), address and a snippet each. */
function SitePages({ pages }: { pages: readonly SitePageHit[] }) {
  const t = useT();
  // The address as the reader's edition writes it (/es/clima).
  const pageHref = usePageHref();
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby="site-pages" className="mb-10 max-w-3xl">
      <h2 id="site-pages" className="mb-3 font-serif text-xl font-bold">
        {t("news.search.onThisSite")}
      </h2>
      <ul className="divide-y divide-rule border-y border-rule">
        {pages.map((page) => (
          <li key={page.path} className="py-3">
            <PageLink to={page.path} className="link font-semibold">
              <MarkedText parts={page.title} />
            </PageLink>
            <span className="ml-2 text-sm text-muted">{pageHref(page.path)}</span>
            <p className="mt-1 text-[0.95rem] text-ink-85">
              <MarkedText parts={page.snippet} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Links to the previous and next pages of results, and where the reader is. */
function Pager({ query, page, pageCount }: { query: string; page: number; pageCount: number }) {
  const t = useT();
  if (pageCount <= 1) return null;
  const link = "link flex min-h-11 items-center font-semibold";
  return (
    <nav aria-label={t("news.search.pages")} className="mt-10 border-t border-rule pt-4">
      <ul className="flex items-center justify-between gap-4">
        <li className="min-w-24">
          {page > 1 && (
            <PageLink to={searchHref(query, page - 1)} rel="prev" className={link}>
              {t("news.search.previous")}
            </PageLink>
          )}
        </li>
        <li className="text-sm text-muted">{t("news.search.pageOf", { page, pageCount })}</li>
        <li className="min-w-24 text-right">
          {page < pageCount && (
            <PageLink to={searchHref(query, page + 1)} rel="next" className={`${link} justify-end`}>
              {t("news.search.next")}
            </PageLink>
          )}
        </li>
      </ul>
    </nav>
  );
}
