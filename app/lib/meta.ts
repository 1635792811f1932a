import type { MetaDescriptor } from "react-router";
import type { PageInfo } from "./pages";
import type { PublicSite } from "./site";

/** Social images are drawn at this size (SPEC.md §9). */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

export interface MetaInput {
  site: PublicSite;
  /** Canonical base URL without a trailing slash. */
  siteUrl: string;
  page: Pick<PageInfo, "path" | "heading" | "kind" | "description" | "keywords">;
  /** Overrides the canonical path (the not-found page uses /404). */
  canonicalPath?: string;
}

/** The document title: the page heading and the publication, or the publication alone on home. */
export function pageTitle(site: PublicSite, page: Pick<PageInfo, "heading" | "kind">): string {
  return page.kind === "home"
    ? `${site.name}: ${site.city} News, Weather, Sports & Events`
    : `${page.heading} | ${site.name}`;
}

/**
 * All metadata of one page, rendered into the server HTML: title, description, canonical, Open
 * Graph, Twitter card, geo tags, keywords, author and JSON-LD.
 */
export function buildMeta({ site, siteUrl, page, canonicalPath }: MetaInput): MetaDescriptor[] {
  const title = pageTitle(site, page);
  const description = page.description(site);
  const url = `${siteUrl}${canonicalPath ?? page.path}`;
  const image = `${siteUrl}${site.socialImage}`;
  const keywords = [...(page.keywords?.(site) ?? []), ...site.keywords].join(", ");
  const position = `${site.geo.latitude};${site.geo.longitude}`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    { name: "author", content: site.name },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.kind === "home" ? "website" : "article" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: site.name },
    { property: "og:locale", content: site.locale.replace("-", "_") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "geo.region", content: `US-${site.stateCode}` },
    { name: "geo.placename", content: site.city },
    { name: "geo.position", content: position },
    { name: "ICBM", content: position.replace(";", ", ") },
    { "script:ld+json": buildJsonLd({ site, siteUrl, url, title, description, kind: page.kind }) },
  ];
}

interface JsonLdInput {
  site: PublicSite;
  siteUrl: string;
  url: string;
  title: string;
  description: string;
  kind: PageInfo["kind"];
}

/** Structured data: the organization and web site on home, a (Collection)Page elsewhere. */
export function buildJsonLd({ site, siteUrl, url, title, description, kind }: JsonLdInput) {
  const organization = {
    "@type": "NewsMediaOrganization",
    "@id": `${siteUrl}/#organization`,
    name: site.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${site.socialImage}`,
    email: site.contact.email,
    telephone: site.contact.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.contact.address,
      addressLocality: site.city,
      addressRegion: site.stateCode,
      addressCountry: "US",
    },
    areaServed: { "@type": "City", name: `${site.city}, ${site.state}` },
    sameAs: site.social.map((s) => s.url),
  };
  const webSite = {
    "@type": "WebSite",
    "@id": `${siteUrl}/#website`,
    name: site.name,
    url: `${siteUrl}/`,
    inLanguage: site.locale,
    publisher: { "@id": organization["@id"] },
  };
  if (kind === "home") {
    return { "@context": "https://schema.org", "@graph": [organization, webSite] };
  }
  return {
    "@context": "https://schema.org",
    "@type": kind === "collection" ? "CollectionPage" : "WebPage",
    "@id": url,
    url,
    name: title,
    description,
    inLanguage: site.locale,
    isPartOf: { "@type": "WebSite", "@id": webSite["@id"], name: site.name, url: `${siteUrl}/` },
    publisher: { "@type": "NewsMediaOrganization", "@id": organization["@id"], name: site.name },
  };
}
