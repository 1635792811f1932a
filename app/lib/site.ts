import type { City } from "../../sites/schema";

/** The part of the site config that pages render; sent to the browser with the root loader. */
export type PublicSite = Pick<
  City,
  | "id"
  | "name"
  | "tagline"
  | "city"
  | "state"
  | "stateCode"
  | "geo"
  | "timeZone"
  | "locale"
  | "socialImage"
  | "defaultImage"
  | "keywords"
  | "contact"
  | "partners"
  | "social"
  | "donationUrl"
  | "donationPrompt"
  | "cityLinks"
  | "untranslated"
>;

/**
 * Picks the public part of a site config: no feed URLs (they may carry an operator's token), no
 * radio upstream, no embed settings (a page that shows an embed gets its id from its own loader).
 */
export function toPublicSite(site: City): PublicSite {
  return {
    id: site.id,
    name: site.name,
    tagline: site.tagline,
    city: site.city,
    state: site.state,
    stateCode: site.stateCode,
    geo: site.geo,
    timeZone: site.timeZone,
    locale: site.locale,
    socialImage: site.socialImage,
    defaultImage: site.defaultImage,
    keywords: site.keywords,
    contact: site.contact,
    partners: site.partners,
    social: site.social,
    donationUrl: site.donationUrl,
    donationPrompt: site.donationPrompt,
    cityLinks: site.cityLinks,
    ...(site.untranslated ? { untranslated: site.untranslated } : {}),
  };
}

/** Formats the masthead's date line ("Sunday, November 22, 2026") in the city's zone and locale. */
export function formatDateLine(now: number, site: Pick<PublicSite, "locale" | "timeZone">): string {
  return new Intl.DateTimeFormat(site.locale, {
    dateStyle: "full",
    timeZone: site.timeZone,
  }).format(new Date(now));
}
