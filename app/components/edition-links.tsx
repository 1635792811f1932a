import { useLocation, useMatches } from "react-router";
import { languageName, primaryLanguage } from "~/lib/language";
import { publicPath } from "../../common/slugs";
import { SEARCH_PATH } from "../../common/urls";
import { type RootData, useRootData } from "~/lib/root-data";

/** A language's name in that language, as a reader of it looks for it ("Español", "English"). */
export function ownLanguageName(locale: string): string {
  const name = languageName(locale, locale) ?? primaryLanguage(locale);
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * The city's editions a page's root data names (none when it names none: a city of one edition,
 * or a component rendered on its own in a test).
 */
function editionsOf(data: Partial<RootData> | undefined): RootData["edition"]["alternates"] {
  return data?.edition?.alternates ?? [];
}

/** The origin of an absolute URL ("https://host"), or "" for anything else. */
function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : "";
}

/**
 * What of the page's query a link to another edition keeps: on the search page, the reader's
 * words (issue 53: switching language kept the page and dropped the query), so that the other
 * edition searches its own stories for them; elsewhere nothing (no other page reads a query that
 * means the same in another edition).
 */
export function keptQuery(pathname: string, search: string): string {
  if (pathname.replace(/(.)\/+$/, "$1") !== SEARCH_PATH) return "";
  const q = new URLSearchParams(search).get("q")?.trim();
  return q ? `?${new URLSearchParams({ q }).toString()}` : "";
}

/** Whether the page rendered is the not-found page (it has no counterpart in other editions). */
function useIsNotFound(): boolean {
  const matches = useMatches();
  return matches.at(-1)?.id === "routes/not-found";
}

/**
 * The page's counterparts in its city's other editions, for search engines: a
 * `<link rel="alternate" hreflang>` for each edition (this one included), each at the page's path
 * in its language, and `x-default` for the city's default edition
 * (https://developers.google.com/search/docs/specialty/international/localized-versions).
 * None for a city with one edition, or on the not-found page.
 */
export function EditionAlternates() {
  const data = useRootData();
  const { pathname } = useLocation();
  const notFound = useIsNotFound();
  const alternates = editionsOf(data);
  if (notFound || alternates.length < 2) return null;
  const [first] = alternates;
  return (
    <>
      {alternates.map((alt) => (
        <link
          key={alt.locale}
          rel="alternate"
          hrefLang={alt.locale}
          href={alt.base + publicPath(pathname, alt.slugs)}
        />
      ))}
      {first && (
        <link
          rel="alternate"
          hrefLang="x-default"
          href={first.base + publicPath(pathname, first.slugs)}
        />
      )}
    </>
  );
}

/**
 * The header's link to the same page in each other edition of the city, named in its own
 * language and marked so (`lang`, `hreflang`): a reader of Spanish finds "Español" on an English
 * page whatever the page's language. To an edition on the page's own hosts the link is a path
 * (/es/clima: the page's path in that edition's language, common/slugs.ts).
 */
export function EditionLinks({ className }: { className?: string }) {
  const data = useRootData();
  const { pathname, search } = useLocation();
  if (!data) return null;
  const others = editionsOf(data).filter((alt) => alt.locale !== data.site.locale);
  if (others.length === 0) return null;
  // A path for an edition on this page's hosts (the reader stays on the host they came by), its
  // full address for one at hosts of its own, or from a page at such hosts.
  const origin = originOf(data.siteUrl);
  const query = keptQuery(pathname, search);
  const hrefOf = (alt: (typeof others)[number]) =>
    (alt.path !== undefined && originOf(alt.base) === origin ? alt.path : alt.base) +
    publicPath(pathname, alt.slugs) +
    query;
  return (
    <ul className={className}>
      {others.map((alt) => (
        <li key={alt.locale}>
          <a
            href={hrefOf(alt)}
            hrefLang={alt.locale}
            lang={alt.locale}
            className="inline-flex min-h-6 items-center font-semibold text-accent hover:underline"
          >
            {ownLanguageName(alt.locale)}
          </a>
        </li>
      ))}
    </ul>
  );
}
