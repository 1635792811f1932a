import {
  CATEGORIES,
  categoryDescription,
  categoryHeading,
  categoryLabel,
  type CategorySlug,
  type NavPlace,
} from "../../sites/categories";
import { SEARCH_PATH } from "../../common/urls";
import { type MessageKey, translatorFor } from "../../common/i18n";
import type { PublicSite } from "./site";

/** How a page is described to search engines (JSON-LD @type). */
export type PageKind = "home" | "collection" | "page";

export interface PageInfo {
  /** The route id in app/routes.ts. */
  id: string;
  path: string;
  /** The page's visible h1. */
  heading: string;
  /** Short label used in the header and footer. */
  label: string;
  kind: PageKind;
  description: (site: PublicSite) => string;
  keywords?: (site: PublicSite) => string[];
  /** Its place in the header at 768 px and wider, for the pages the header links to (only those). */
  nav?: NavPlace;
}

/**
 * A page's words as the catalogue's keys (common/i18n/<language>/meta.ts): its heading, its
 * label, and its description (`{name}`, `{city}` the site's), or null for the site's tagline.
 */
interface PageText {
  heading: MessageKey;
  label: MessageKey;
  description: MessageKey | null;
}

/** A page of the table below: a PageInfo whose words are keys, written in a locale by pageIn. */
type PageDef = Omit<PageInfo, "heading" | "label" | "description"> & { text: PageText };

/** The pages that are not a news category (those come from sites/categories.ts). */
const OTHER_PAGES = {
  home: {
    id: "home",
    path: "/",
    nav: "main",
    kind: "home",
    text: { heading: "meta.home.heading", label: "meta.home.label", description: null },
  },
  books: {
    id: "books",
    path: "/books",
    nav: "more",
    kind: "collection",
    text: {
      heading: "meta.books.heading",
      label: "meta.books.label",
      description: "meta.books.description",
    },
  },
  radio: {
    id: "radio",
    path: "/radio",
    nav: "more",
    kind: "page",
    text: {
      heading: "meta.radio.heading",
      label: "meta.radio.label",
      description: "meta.radio.description",
    },
  },
  weather: {
    id: "weather",
    path: "/weather",
    nav: "main",
    kind: "page",
    text: {
      heading: "meta.weather.heading",
      label: "meta.weather.label",
      description: "meta.weather.description",
    },
  },
  contact: {
    id: "contact",
    path: "/contact",
    nav: "more",
    kind: "page",
    text: {
      heading: "meta.contact.heading",
      label: "meta.contact.label",
      description: "meta.contact.description",
    },
  },
  "privacy-policy": {
    id: "privacy-policy",
    path: "/privacy-policy",
    kind: "page",
    text: {
      heading: "meta.privacyPolicy.heading",
      label: "meta.privacyPolicy.label",
      description: "meta.privacyPolicy.description",
    },
  },
  "terms-of-service": {
    id: "terms-of-service",
    path: "/terms-of-service",
    kind: "page",
    text: {
      heading: "meta.termsOfService.heading",
      label: "meta.termsOfService.label",
      description: "meta.termsOfService.description",
    },
  },
  privacy: {
    id: "privacy",
    path: "/privacy",
    kind: "page",
    text: {
      heading: "meta.privacy.heading",
      label: "meta.privacy.label",
      description: "meta.privacy.description",
    },
  },
  terms: {
    id: "terms",
    path: "/terms",
    kind: "page",
    text: {
      heading: "meta.terms.heading",
      label: "meta.terms.label",
      description: "meta.terms.description",
    },
  },
  careers: {
    id: "careers",
    path: "/careers",
    kind: "page",
    text: {
      heading: "meta.careers.heading",
      label: "meta.careers.label",
      description: "meta.careers.description",
    },
  },
  partners: {
    id: "partners",
    path: "/partners",
    kind: "page",
    text: {
      heading: "meta.partners.heading",
      label: "meta.partners.label",
      description: "meta.partners.description",
    },
  },
  about: {
    id: "about",
    path: "/about",
    kind: "page",
    text: {
      heading: "meta.about.heading",
      label: "meta.about.label",
      description: "meta.about.description",
    },
  },
  corrections: {
    id: "corrections",
    path: "/corrections",
    kind: "page",
    text: {
      heading: "meta.corrections.heading",
      label: "meta.corrections.label",
      description: "meta.corrections.description",
    },
  },
  faq: {
    id: "faq",
    path: "/faq",
    kind: "page",
    text: {
      heading: "meta.faq.heading",
      label: "meta.faq.label",
      description: "meta.faq.description",
    },
  },
} as const satisfies Record<string, PageDef>;

export type PageId = keyof typeof OTHER_PAGES | CategorySlug;

/**
 * The search results page (decision 003). Not in PAGES: it is `noindex`, so it stays out of the
 * sitemap and the navigation.
 */
const SEARCH_PAGE_DEF: PageDef = {
  id: "search",
  path: SEARCH_PATH,
  kind: "page",
  text: {
    heading: "meta.search.heading",
    label: "meta.search.label",
    description: "meta.search.description",
  },
};

/** A page of the table with its words in `locale`'s language (English where it has none). */
function pageIn({ text, ...page }: PageDef, locale: string): PageInfo {
  const t = translatorFor(locale);
  const key = text.description;
  return {
    ...page,
    heading: t(text.heading),
    label: t(text.label),
    description: key === null ? (s) => s.tagline : (s) => t(key, { name: s.name, city: s.city }),
  };
}

/** A news category's page, its words in a locale's language. */
function categoryPage(c: (typeof CATEGORIES)[number], locale: string): PageInfo {
  const t = translatorFor(locale);
  return {
    id: c.slug,
    path: `/${c.slug}`,
    heading: categoryHeading(c, t),
    label: categoryLabel(c, t),
    kind: "collection",
    description: (site) => categoryDescription(c, t, site),
    nav: c.nav,
  };
}

/** One table per locale, made the first time a page in it is asked for. */
const tables = new Map<string, Record<PageId, PageInfo>>();

/**
 * Every public page of docs/product.md §2 in a locale (an edition's, `site.locale`), keyed by route id:
 * their headings, labels and descriptions in its language. Titles and descriptions live here once.
 */
export function pagesFor(locale: string): Record<PageId, PageInfo> {
  let table = tables.get(locale);
  if (table === undefined) {
    const others = Object.entries(OTHER_PAGES).map(([id, def]) => [id, pageIn(def, locale)]);
    const categories = CATEGORIES.map((c) => [c.slug, categoryPage(c, locale)]);
    table = Object.fromEntries([...others, ...categories]) as Record<PageId, PageInfo>;
    tables.set(locale, table);
  }
  return table;
}

/** The search results page in a locale. */
export function searchPageFor(locale: string): PageInfo {
  return pageIn(SEARCH_PAGE_DEF, locale);
}

/** The locale of the specification's text: the tables' English, PAGES and SEARCH_PAGE. */
export const ENGLISH = "en-US";

/**
 * Every public page in English, keyed by route id: their paths, kinds and places, and the
 * specification's words. A page of an edition is written in its language by pagesFor (pageMeta
 * takes a page of this table in the site's locale: see `pageInLocale`).
 */
export const PAGES: Record<PageId, PageInfo> = /* @__PURE__ */ pagesFor(ENGLISH);

/** The search results page in English (`searchPageFor` writes it in an edition's language). */
export const SEARCH_PAGE: PageInfo = /* @__PURE__ */ searchPageFor(ENGLISH);

/**
 * A page in `locale`'s language: a page of the English tables (PAGES, SEARCH_PAGE) as its
 * locale's table has it; any other page (one a route made, e.g. the not-found page) as given.
 */
export function pageInLocale<P extends Pick<PageInfo, "heading">>(
  page: P,
  locale: string,
): P | PageInfo {
  const given: object = page;
  if (given === SEARCH_PAGE) return searchPageFor(locale);
  const id = "id" in page && typeof page.id === "string" ? page.id : undefined;
  if (id === undefined || !Object.hasOwn(PAGES, id)) return page;
  return PAGES[id as PageId] === given ? pagesFor(locale)[id as PageId] : page;
}

const slugsIn = (column: "Sections" | "More") =>
  CATEGORIES.flatMap((c) => (c.footer === column ? [c.slug] : []));

/** The header's links, in the order of docs/product.md §2 "Header and footer". */
export const HEADER_PAGES: readonly PageId[] = [
  "home",
  "books",
  "radio",
  ...CATEGORIES.map((c) => c.slug),
  "weather",
  "contact",
];

/** The header's one row at 768 px and wider (docs/design.md: about ten main sections)… */
export const HEADER_MAIN: readonly PageId[] = HEADER_PAGES.filter((id) => PAGES[id].nav === "main");
/** …and the rest, behind its More disclosure; in the header's order either way. */
export const HEADER_MORE: readonly PageId[] = HEADER_PAGES.filter((id) => PAGES[id].nav !== "main");

/** A column of the footer: its title and its pages. */
export interface FooterColumn {
  title: string;
  pages: readonly PageId[];
}

/** The footer's columns of page links, titles as keys (Connect holds contacts and outside links). */
const FOOTER_COLUMN_TEXT: readonly { title: MessageKey; pages: readonly PageId[] }[] = [
  { title: "meta.footer.sections", pages: slugsIn("Sections") },
  {
    title: "meta.footer.more",
    // Who we are (issue 53): the About page (its masthead) and the corrections, by the FAQ.
    pages: [
      "weather",
      ...slugsIn("More"),
      "radio",
      "books",
      "about",
      "corrections",
      "faq",
      "partners",
      "careers",
    ],
  },
  { title: "meta.footer.legal", pages: ["privacy-policy", "terms-of-service", "privacy", "terms"] },
];

/** The footer's columns with their titles in a locale's language. */
export function footerColumnsFor(locale: string): readonly FooterColumn[] {
  const t = translatorFor(locale);
  return FOOTER_COLUMN_TEXT.map((c) => ({ title: t(c.title), pages: c.pages }));
}

/** The footer's columns in English. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = /* @__PURE__ */ footerColumnsFor(ENGLISH);

/** Every public page, for the sitemap. */
export const PUBLIC_PAGES: readonly PageInfo[] = Object.values(PAGES);

/** A link of the header or the footer: where it goes and what it says. */
export interface NavItem {
  path: string;
  text: string;
}

/**
 * The links of the shared layout, as its loader hands them to the page: the tables above stay on
 * the server (decision 005), and the browser gets only the paths and the words it shows.
 */
export interface SiteNavigation {
  /** The header's links with their short labels; `more` ones sit behind More from 768 px. */
  header: readonly (NavItem & { more: boolean })[];
  /** The footer's columns, each link named by its page's heading. */
  footer: readonly { title: string; links: readonly NavItem[] }[];
  /** The Connect column's link to the contact page. */
  contact: NavItem;
}

/** The links of each locale, made the first time its layout is rendered. */
const navigations = new Map<string, SiteNavigation>();

/** The layout's links in a locale's language (an edition's, `site.locale`). */
export function siteNavigation(locale: string): SiteNavigation {
  let navigation = navigations.get(locale);
  if (navigation === undefined) {
    const pages = pagesFor(locale);
    const byHeading = (id: PageId): NavItem => ({ path: pages[id].path, text: pages[id].heading });
    navigation = {
      header: HEADER_PAGES.map((id) => ({
        path: pages[id].path,
        text: pages[id].label,
        more: HEADER_MORE.includes(id),
      })),
      footer: footerColumnsFor(locale).map((c) => ({
        title: c.title,
        links: c.pages.map(byHeading),
      })),
      contact: byHeading("contact"),
    };
    navigations.set(locale, navigation);
  }
  return navigation;
}

/** The layout's links in English (the specification's). */
export const SITE_NAVIGATION: SiteNavigation = /* @__PURE__ */ siteNavigation(ENGLISH);
