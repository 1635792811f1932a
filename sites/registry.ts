import austinNews from "./austin/content/news";
import austinPages from "./austin/content/pages";
import austin from "./austin/site";
import type { NewsContent, PagesContent } from "./content";
import houstonNews from "./houston/content/news";
import houstonPages from "./houston/content/pages";
import houston from "./houston/site";
import { parseSite, type SiteConfig } from "./schema";

/** Every publication this build can serve; SITE picks one at start-up, without a rebuild. */
export const SITES = { houston, austin } as const satisfies Record<string, SiteConfig>;

export type SiteId = keyof typeof SITES;

/** The site served when SITE is unset. */
export const DEFAULT_SITE_ID: SiteId = "houston";

export const SITE_IDS = Object.keys(SITES) as SiteId[];

/** Returns the validated config of a site, or throws a SiteConfigError naming the bad fields. */
export function loadSite(id: SiteId): SiteConfig {
  return parseSite(SITES[id], `site config "sites/${id}/site.ts"`);
}

/** A publication's editorial content (static blocks of the pages), beside its config. */
export interface SiteContent {
  news: NewsContent;
  pages: PagesContent;
}

export const SITE_CONTENT = {
  houston: { news: houstonNews, pages: houstonPages },
  austin: { news: austinNews, pages: austinPages },
} as const satisfies Record<SiteId, SiteContent>;
