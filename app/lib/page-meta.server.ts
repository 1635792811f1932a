import type { AppLoadContext, MetaDescriptor } from "react-router";
import { buildMeta, newsPageExtras, type MetaInput, type PageExtras, type StoryLink } from "./meta";
import { toPublicSite } from "./site";

/**
 * A page's meta tags and structured data, built by its loader on the server and handed to the
 * route's `meta` as loader data (see `loaderMeta` in root-data.ts). The builders, the pages'
 * descriptions and the JSON-LD never reach the browser's bundle: a client-side navigation gets
 * the finished tags with the page's data, and the HTML cache keeps them with the page.
 */
export function pageMeta(
  context: AppLoadContext,
  page: MetaInput["page"],
  extras: PageExtras = {},
  more: readonly MetaDescriptor[] = [],
): MetaDescriptor[] {
  return [
    ...buildMeta({ ...extras, site: toPublicSite(context.site), siteUrl: context.siteUrl, page }),
    ...more,
  ];
}

/** A news page's tags: its heading as the section, its stories and the newest one's date. */
export function newsPageMeta(
  context: AppLoadContext,
  page: MetaInput["page"],
  stories?: readonly StoryLink[],
): MetaDescriptor[] {
  return pageMeta(context, page, newsPageExtras(page.heading, stories));
}
