import { data, Link, useLoaderData } from "react-router";
import { PageHeading } from "~/components/page-heading";
import { SearchBox } from "~/components/search-box";
import { MarkedText } from "~/components/marked-text";
import { StoryGrid } from "~/components/story-grid";
import { orUnavailable } from "~/lib/database.server";
import { CACHE_CONTROL } from "../../common/cache-control";
import { pageMeta } from "~/lib/page-meta.server";
import { SEARCH_PAGE } from "~/lib/pages";
import { loaderMeta, useSite } from "~/lib/root-data";
import { describeCount, searchHref, type SitePageHit } from "~/lib/search";
import { readSearchParams, toSearchPage } from "~/lib/search.server";
import { searchSitePages } from "~/lib/site-search.server";
import type { Route } from "./+types/search";

// /search?q=…&page=N (decision 003): the site's own pages holding the words typed, in a short
// list, then the stored stories matching them, as story cards, ranked by relevance and recency,
// matches marked, 20 a page. Search engines are asked not to index it.

const NOINDEX = "noindex";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, page } = readSearchParams(new URL(request.url).searchParams);
  const meta = pageMeta(context, SEARCH_PAGE, {}, [{ name: "robots", content: NOINDEX }]);
  const stories = toSearchPage(
    await orUnavailable(context.news.search(q, page)),
    context.site.locale,
  );
  return data(
    {
      heading: SEARCH_PAGE.heading,
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
  const { heading, query, articles, sitePages } = results;

  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <SearchBox variant="page" label="Search again" className="mb-8 max-w-xl" />
      {query && <SitePages pages={sitePages} />}
      {!query ? (
        <p className="py-8 text-lg text-muted">
          Type one or more words in the search box to find stories.
        </p>
      ) : articles.length === 0 ? (
        <p className="py-8 text-lg text-muted">
          No stories match “{query}”. Check the spelling, or try fewer or other words.
        </p>
      ) : (
        <>
          <p role="status" className="mb-6 text-sm font-semibold text-muted">
            {describeCount(results, site.locale)}
            {results.more && " (the most recent ones; add a word to narrow the search)"}
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
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby="site-pages" className="mb-10 max-w-3xl">
      <h2 id="site-pages" className="mb-3 font-serif text-xl font-bold">
        On this site
      </h2>
      <ul className="divide-y divide-rule border-y border-rule">
        {pages.map((page) => (
          <li key={page.path} className="py-3">
            <Link to={page.path} className="link font-semibold">
              <MarkedText parts={page.title} />
            </Link>
            <span className="ml-2 text-sm text-muted">{page.path}</span>
            <p className="mt-1 text-[0.95rem] text-ink/85">
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
  if (pageCount <= 1) return null;
  const link = "link flex min-h-11 items-center font-semibold";
  return (
    <nav aria-label="Search result pages" className="mt-10 border-t border-rule pt-4">
      <ul className="flex items-center justify-between gap-4">
        <li className="min-w-24">
          {page > 1 && (
            <Link to={searchHref(query, page - 1)} rel="prev" className={link}>
              ← Previous
            </Link>
          )}
        </li>
        <li className="text-sm text-muted">
          Page {page} of {pageCount}
        </li>
        <li className="min-w-24 text-right">
          {page < pageCount && (
            <Link to={searchHref(query, page + 1)} rel="next" className={`${link} justify-end`}>
              Next →
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
