import { data, Link, useLoaderData } from "react-router";
import { SearchBox } from "~/components/search-box";
import { CACHE_CONTROL } from "../../common/cache-control";
import { HEADER_MAIN, PAGES } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta } from "~/lib/root-data";
import type { Route } from "./+types/not-found";

const NOT_FOUND_PAGE = {
  path: "/404",
  heading: "Page Not Found",
  kind: "page",
  description: () => "We couldn't find the page you're looking for.",
} as const;

/**
 * Any path no route matches: answers 404 and logs the attempted path (SPEC.md §8). The page
 * itself names no path, so that one rendering serves every unknown path (server/http/pages/handler.ts keeps
 * it under one cache key and logs the paths it serves it for).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  context.log.warn({ path: url.pathname }, "page not found");
  const meta = pageMeta(context, NOT_FOUND_PAGE, { canonicalPath: NOT_FOUND_PAGE.path }, [
    { name: "robots", content: "noindex" },
  ]);
  // The same page for every unknown path, and it changes only with a release: shared caches
  // (a CDN, and the server's own page cache) may keep it as long as a news page.
  // Where a reader may go instead: search, and the header's main sections (from the server:
  // the page table stays out of the browser's bundle).
  const sections = HEADER_MAIN.filter((id) => id !== "home").map((id) => ({
    path: PAGES[id].path,
    text: PAGES[id].label,
  }));
  return data(
    { meta, sections },
    { status: 404, headers: { "Cache-Control": CACHE_CONTROL.news } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta = loaderMeta;

export default function NotFound() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <main
      id="main-content"
      className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <p className="font-serif text-7xl font-bold text-accent">404</p>
      <h1 className="mt-4 font-serif text-3xl font-bold">{NOT_FOUND_PAGE.heading}</h1>
      <p className="mt-4 text-lg">{NOT_FOUND_PAGE.description()}</p>
      <SearchBox variant="page" label="Search the news" className="mt-8 w-full max-w-md" />
      <nav aria-label="Main sections" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          {sections.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className="link inline-flex min-h-11 items-center">
                {s.text}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
      >
        Return to Homepage
      </Link>
    </main>
  );
}
