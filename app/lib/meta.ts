import type { MetaDescriptor } from "react-router";
import type {
  CollectionPage,
  Graph,
  ItemList,
  NewsArticle,
  NewsMediaOrganization,
  PostalAddress,
  Thing,
  WebPage,
  WebSite,
  WithContext,
} from "schema-dts";
import { translatorFor } from "../../common/i18n";
import type { PageInfo } from "./pages";
import type { PublicSite } from "./site";

// The structured data is typed with schema-dts (types only: nothing of it reaches the bundle), so
// a property schema.org does not define for a type fails the typecheck; structured-data.test.ts
// checks every route's output against the vocabulary at run time.

/** Social images are drawn at this size (docs/product.md §9). */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** When a page's content was published and last changed: ISO 8601 date-times with a zone. */
export interface PageDates {
  published: string;
  modified: string;
}

/** A story a news page lists: its card's title, link ('#' when the feed gave none) and date. */
export interface StoryLink {
  title: string;
  url: string;
  /** ISO date-time with a zone; null or absent when the story has no date. */
  publishedAt?: string | null;
  /** Its publisher's name (another outlet's story); absent for the site's own. */
  source?: string;
  /** Its language when it is not the page's. */
  lang?: string;
  /** Who wrote it, as its feed names them (another outlet's story). */
  authors?: readonly string[];
}

/** What a page adds to the metadata its PageInfo gives. */
export interface PageExtras {
  /** Overrides the canonical path (the not-found page uses /404). */
  canonicalPath?: string;
  /** Absent or null: the page has no date, and gets no times. */
  dates?: PageDates | null;
  /** The page's section (`article:section`): a news page's category. */
  section?: string;
  /** The stories a news page shows, in page order (its JSON-LD ItemList). */
  stories?: readonly StoryLink[];
}

export interface MetaInput extends PageExtras {
  site: PublicSite;
  /** Canonical base URL without a trailing slash. */
  siteUrl: string;
  page: Pick<PageInfo, "path" | "heading" | "kind" | "description" | "keywords">;
}

type LdJson = Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"];

/** A JSON-LD document as a meta descriptor (schema-dts's interfaces carry no index signature). */
export function ldJson(document: Graph | WithContext<Thing>): MetaDescriptor {
  return { "script:ld+json": document as unknown as LdJson };
}

/**
 * What a news page adds: its section, its stories, and as its published and modified times the
 * newest story's date (none when no story shown has a date: no invented times).
 */
export function newsPageExtras(
  section: string | undefined,
  stories: readonly StoryLink[] = [],
): PageExtras {
  const newest = stories.reduce<string | null>(
    (a, s) =>
      s.publishedAt && (a === null || Date.parse(s.publishedAt) > Date.parse(a))
        ? s.publishedAt
        : a,
    null,
  );
  return {
    section,
    stories,
    dates: newest === null ? null : { published: newest, modified: newest },
  };
}

/**
 * The document title: the page heading and the publication, or the publication alone on home; in
 * the words of the site's language (its locale's catalogue).
 */
export function pageTitle(
  site: Pick<PublicSite, "name" | "city" | "locale">,
  page: Pick<PageInfo, "heading" | "kind">,
): string {
  const t = translatorFor(site.locale);
  return page.kind === "home"
    ? t("meta.title.home", { name: site.name, city: site.city })
    : t("meta.title.page", { heading: page.heading, name: site.name });
}

/**
 * All metadata of one page, rendered into the server HTML: title, description, canonical, Open
 * Graph, Twitter card, geo tags, keywords, author and JSON-LD.
 */
export function buildMeta(input: MetaInput): MetaDescriptor[] {
  const { site, siteUrl, page, canonicalPath, dates, section, stories } = input;
  const title = pageTitle(site, page);
  const description = page.description(site);
  const url = `${siteUrl}${canonicalPath ?? page.path}`;
  const image = `${siteUrl}${site.socialImage}`;
  const keywords = [...(page.keywords?.(site) ?? []), ...site.keywords].join(", ");
  const position = `${site.geo.latitude};${site.geo.longitude}`;
  // Open Graph's article:* belong to og:type article: every page but home (a website).
  const isArticle = page.kind !== "home";
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    { name: "author", content: site.name },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: isArticle ? "article" : "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: site.name },
    { property: "og:locale", content: site.locale.replace("-", "_") },
    ...(isArticle && dates
      ? [
          { property: "article:published_time", content: dates.published },
          { property: "article:modified_time", content: dates.modified },
        ]
      : []),
    ...(isArticle && section ? [{ property: "article:section", content: section }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "geo.region", content: `US-${site.stateCode}` },
    { name: "geo.placename", content: site.city },
    { name: "geo.position", content: position },
    { name: "ICBM", content: position.replace(";", ", ") },
    ldJson(
      buildJsonLd({ site, siteUrl, url, title, description, kind: page.kind, dates, stories }),
    ),
  ];
}

interface JsonLdInput {
  site: PublicSite;
  siteUrl: string;
  url: string;
  title: string;
  description: string;
  kind: PageInfo["kind"];
  dates?: PageDates | null;
  stories?: readonly StoryLink[];
}

/**
 * The stories as an ItemList, in page order: each link once, none without one ('#'); undefined
 * when none is left. Each ListItem has the story's link; its title is the item's headline when
 * another outlet's story is an item of its own, else the ListItem's name (each said once: the
 * list is in every news page's HTML, before its stories).
 */
export function buildStoryList(
  stories: readonly StoryLink[],
  siteUrl: string,
): ItemList | undefined {
  const seen = new Set<string>();
  const listed = stories.flatMap((s) => {
    const url = s.url.startsWith("/") ? `${siteUrl}${s.url}` : s.url;
    if (url === "#" || seen.has(url)) return [];
    seen.add(url);
    // Another outlet's story names its publisher: the page gathers it, it did not write it. Its
    // date is left to its own page (and this page's <time>): thirty of them cost home a round
    // trip's worth of bytes (issue 34: the HTML within TCP's first window), for nothing a list
    // of another site's links is read for.
    const item: NewsArticle | undefined = s.source
      ? {
          "@type": "NewsArticle",
          headline: s.title,
          publisher: { "@type": "Organization", name: s.source },
          ...(s.authors?.length
            ? { author: s.authors.map((name) => ({ "@type": "Person" as const, name })) }
            : {}),
          ...(s.lang ? { inLanguage: s.lang } : {}),
        }
      : undefined;
    return [item ? { url, item } : { url, name: s.title }];
  });
  if (listed.length === 0) return undefined;
  return {
    "@type": "ItemList",
    numberOfItems: listed.length,
    itemListElement: listed.map((s, i) => ({ "@type": "ListItem", position: i + 1, ...s })),
  };
}

/** The page itself: a WebPage, or a CollectionPage with its stories as its mainEntity. */
function pageNode(input: JsonLdInput): CollectionPage | WebPage {
  const { site, siteUrl, url, title, description, kind, dates, stories = [] } = input;
  const list = buildStoryList(stories, siteUrl);
  return {
    "@type": kind === "page" ? "WebPage" : "CollectionPage",
    "@id": url,
    url,
    name: title,
    description,
    inLanguage: site.locale,
    ...(dates ? { datePublished: dates.published, dateModified: dates.modified } : {}),
    ...(list ? { mainEntity: list } : {}),
  };
}

/** The publication's office, as schema.org writes an address. */
export function postalAddress(
  site: Pick<PublicSite, "contact" | "city" | "stateCode">,
): PostalAddress {
  return {
    "@type": "PostalAddress",
    streetAddress: site.contact.address,
    addressLocality: site.city,
    addressRegion: site.stateCode,
    addressCountry: "US",
  };
}

/** The publication, whole (home's graph holds it; other pages refer to it by its @id). */
function organizationNode(site: PublicSite, siteUrl: string): NewsMediaOrganization {
  return {
    "@type": "NewsMediaOrganization",
    "@id": `${siteUrl}/#organization`,
    name: site.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${site.socialImage}`,
    email: site.contact.email,
    telephone: site.contact.phone,
    address: postalAddress(site),
    areaServed: { "@type": "City", name: `${site.city}, ${site.state}` },
    sameAs: site.social.map((s) => s.url),
  };
}

/**
 * Structured data: the organization, the web site and the home page on home; a
 * (Collection)Page elsewhere. A page with stories has them as its mainEntity, and a dated page
 * its times.
 */
export function buildJsonLd(input: JsonLdInput): Graph | WithContext<CollectionPage | WebPage> {
  const { site, siteUrl, kind } = input;
  const home = `${siteUrl}/`;
  const organizationId = `${siteUrl}/#organization`;
  const webSiteId = `${siteUrl}/#website`;
  const page = pageNode(input);
  if (kind === "home") {
    const webSite: WebSite = {
      "@type": "WebSite",
      "@id": webSiteId,
      name: site.name,
      url: home,
      inLanguage: site.locale,
      publisher: { "@id": organizationId },
    };
    const homePage: CollectionPage | WebPage = {
      ...page,
      isPartOf: { "@id": webSiteId },
      about: { "@id": organizationId },
      publisher: { "@id": organizationId },
    };
    return {
      "@context": "https://schema.org",
      "@graph": [organizationNode(site, siteUrl), webSite, homePage],
    };
  }
  return {
    "@context": "https://schema.org",
    ...page,
    isPartOf: { "@type": "WebSite", "@id": webSiteId, name: site.name, url: home },
    publisher: {
      "@type": "NewsMediaOrganization",
      "@id": organizationId,
      name: site.name,
      url: home,
    },
  };
}
