import { data, useLoaderData } from "react-router";
import { SearchBox } from "~/components/search-box";
import { CACHE_CONTROL } from "../../common/cache-control";
import { type MessageKey, translatorFor } from "../../common/i18n";
import { useT } from "~/lib/i18n";
import { HEADER_MAIN, pagesFor, searchPageFor } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/not-found";
import { PageLink } from "~/components/page-link";
import { cityContext } from "~/lib/city-context";
import { PageAlertBanner } from "~/components/weather-live";
import { LiveUpdates } from "~/components/live-updates";

const NOT_FOUND_PATH = "/404";
const HEADING: MessageKey = "layout.notFoundHeading";
const TEXT: MessageKey = "layout.notFoundText";

/**
 * Any path no route matches: answers 404 and logs the attempted path (docs/product.md §8). The page
 * itself names no path, so that one rendering serves every unknown path (server/http/pages/handler.ts keeps
 * it under one cache key and logs the paths it serves it for).
 */
export function loader({ url, context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  context.log.warn({ path: url.pathname }, "page not found");
  // In the city's language (its edition's locale), as the page itself.
  const t = translatorFor(context.site.locale);
  const page = {
    path: NOT_FOUND_PATH,
    heading: t(HEADING),
    kind: "page",
    description: () => t(TEXT),
  } as const;
  const meta = pageMeta(context, page, { canonicalPath: NOT_FOUND_PATH }, [
    { name: "robots", content: "noindex" },
  ]);
  // The same page for every unknown path, and it changes only with a release: shared caches
  // (a CDN, and the server's own page cache) may keep it as long as a news page.
  // Where a reader may go instead: home, the header's main sections, search and who we are
  // (issue 53: a reader can tell whose site it is), from the server: the page table stays out of
  // the browser's bundle.
  const search = searchPageFor(context.site.locale);
  const sections = [
    ...HEADER_MAIN.map((id) => ({ path: PAGES[id].path, text: PAGES[id].label })),
    { path: search.path, text: search.label },
    { path: PAGES.about.path, text: PAGES.about.label },
  ];
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
  const { site } = useSite();
  const t = useT();
  return (
    <>
      <PageAlertBanner />
      {/* The masthead (issue 53): whose site this is, its name leading home, as on every page. */}
      <header className="rule-double bg-paper-95">
        <div className="mx-auto max-w-7xl px-4 py-2 md:py-3">
          <PageLink
            to="/"
            className="font-serif text-2xl font-bold tracking-tight text-ink md:text-4xl"
          >
            {site.name}
          </PageLink>
        </div>
      </header>
      <main
        id="main-content"
        className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center"
      >
        <p className="font-serif text-7xl font-bold text-accent">404</p>
        <h1 className="mt-4 font-serif text-3xl font-bold">{t(HEADING)}</h1>
        <p className="mt-4 text-lg">{t(TEXT)}</p>
        <SearchBox
          variant="page"
          label={t("layout.searchTheNews")}
          className="mt-8 w-full max-w-md"
        />
        <nav aria-label={t("layout.mainSections")} className="mt-8">
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
            {sections.map((s) => (
              <li key={s.path}>
                <PageLink to={s.path} className="link inline-flex min-h-11 items-center">
                  {s.text}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <PageLink
          to="/"
          className="mt-8 inline-flex min-h-11 items-center rounded bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
        >
          {t("layout.returnHome")}
        </PageLink>
      </main>
      <LiveUpdates />
    </>
  );
}
