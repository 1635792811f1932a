import type { MetaDescriptor } from "react-router";
import { buildMeta, newsPageExtras, type MetaInput, type PageExtras, type StoryLink } from "./meta";
import { pageInLocale } from "./pages";
import { toPublicSite } from "./site";
import { publicPath } from "../../common/slugs";
import { categoryAt } from "../../sites/categories";
import { feedAlternates } from "./feeds";
import type { LoadContext } from "../../server/context";

/**
 * A page's meta tags and structured data, built by its loader on the server and handed to the
 * route's `meta` as loader data (see `loaderMeta` in root-data.ts). The builders, the pages'
 * descriptions and the JSON-LD never reach the browser's bundle: a client-side navigation gets
 * the finished tags with the page's data, and the HTML cache keeps them with the page. The words
 * are the site's language: a page of the English tables (PAGES, SEARCH_PAGE) is taken in its
 * locale (pages.ts's `pageInLocale`).
 */
export function pageMeta(
  context: LoadContext,
  page: MetaInput["page"],
  extras: PageExtras = {},
  more: readonly MetaDescriptor[] = [],
): MetaDescriptor[] {
  const site = toPublicSite(context.site);
  // A page of the English tables is told in the site's language (its edition's locale).
  const local = pageInLocale(page, site.locale);
  // The canonical URL is the page's path in the edition's language (/es/clima).
  const canonicalPath = publicPath(extras.canonicalPath ?? local.path, context.edition?.slugs);
  const input = { ...extras, canonicalPath, site, siteUrl: context.siteUrl, page: local };
  return [...buildMeta(input), ...more];
}

/** A news page's tags: its heading as the section, its stories and the newest one's date. */
export function newsPageMeta(
  context: LoadContext,
  page: MetaInput["page"],
  stories?: readonly StoryLink[],
): MetaDescriptor[] {
  const section = pageInLocale(page, context.site.locale).heading;
  // A category's page names its own feeds (issue 54).
  const feeds = categoryAt(page.path.slice(1))?.fed
    ? feedAlternates(
        context.siteUrl,
        page.path,
        `${section} — ${context.site.name}`,
        context.edition.slugs,
      )
    : [];
  return pageMeta(context, page, newsPageExtras(section, stories), feeds);
}
