import { CATEGORIES, type CategorySlug, type NavPlace } from "../../sites/categories";
import { SEARCH_PATH } from "../../common/urls";
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

/** The pages that are not a news category (those come from sites/categories.ts). */
const OTHER_PAGES = {
  home: {
    id: "home",
    path: "/",
    nav: "main",
    heading: "Top Stories",
    label: "Home",
    kind: "home",
    description: (s) => s.tagline,
  },
  books: {
    id: "books",
    path: "/books",
    nav: "more",
    heading: "Books",
    label: "Books",
    kind: "collection",
    description: () =>
      "Ebooks on spiritual wisdom and wealth, the Billionaire series and classic-text editions, with an online university of ancient wisdom.",
  },
  radio: {
    id: "radio",
    path: "/radio",
    nav: "more",
    heading: "Live Radio",
    label: "Radio",
    kind: "page",
    description: (s) => `Listen to ${s.name} live radio: a 24/7 live stream from ${s.city}.`,
  },
  weather: {
    id: "weather",
    path: "/weather",
    nav: "main",
    heading: "Weather",
    label: "Weather",
    kind: "page",
    description: (s) =>
      `${s.city} weather: current conditions, alerts, a 7-day forecast, hurricane preparedness and monthly climate history.`,
  },
  contact: {
    id: "contact",
    path: "/contact",
    nav: "more",
    heading: "Contact Us",
    label: "Contact",
    kind: "page",
    description: (s) =>
      `Contact the ${s.name} newsroom: e-mail, phone, office hours and a form for news tips and questions.`,
  },
  "privacy-policy": {
    id: "privacy-policy",
    path: "/privacy-policy",
    heading: "Privacy Policy",
    label: "Privacy Policy",
    kind: "page",
    description: (s) => `How ${s.name} handles information about its readers.`,
  },
  "terms-of-service": {
    id: "terms-of-service",
    path: "/terms-of-service",
    heading: "Terms of Service",
    label: "Terms of Service",
    kind: "page",
    description: (s) => `The terms for using ${s.name} and its services.`,
  },
  privacy: {
    id: "privacy",
    path: "/privacy",
    heading: "Privacy",
    label: "Privacy",
    kind: "page",
    description: (s) => `A short summary of how ${s.name} handles reader information.`,
  },
  terms: {
    id: "terms",
    path: "/terms",
    heading: "Terms",
    label: "Terms",
    kind: "page",
    description: (s) => `A short summary of the terms for using ${s.name}.`,
  },
  careers: {
    id: "careers",
    path: "/careers",
    heading: "Careers",
    label: "Careers",
    kind: "page",
    description: (s) => `Jobs and internships at ${s.name} in ${s.city}.`,
  },
  partners: {
    id: "partners",
    path: "/partners",
    heading: "Partners",
    label: "Partners",
    kind: "page",
    description: (s) => `The partners of ${s.name}.`,
  },
  faq: {
    id: "faq",
    path: "/faq",
    heading: "Frequently Asked Questions",
    label: "FAQ",
    kind: "page",
    description: (s) => `Answers to common questions about ${s.name}.`,
  },
} as const satisfies Record<string, PageInfo>;

export type PageId = keyof typeof OTHER_PAGES | CategorySlug;

/**
 * The search results page (decision 003). Not in PAGES: it is `noindex`, so it stays out of the
 * sitemap and the navigation.
 */
export const SEARCH_PAGE: PageInfo = {
  id: "search",
  path: SEARCH_PATH,
  heading: "Search",
  label: "Search",
  kind: "page",
  description: (s) => `Search the stories of ${s.name}.`,
};

/** Every public page of SPEC.md §2, keyed by route id. Titles and descriptions live here once. */
export const PAGES: Record<PageId, PageInfo> = {
  ...OTHER_PAGES,
  ...(Object.fromEntries(
    CATEGORIES.map((c): [CategorySlug, PageInfo] => [
      c.slug,
      {
        id: c.slug,
        path: `/${c.slug}`,
        heading: c.heading,
        label: c.label,
        kind: "collection",
        description: c.description,
        nav: c.nav,
      },
    ]),
  ) as Record<CategorySlug, PageInfo>),
};

const slugsIn = (column: "Sections" | "More") =>
  CATEGORIES.flatMap((c) => (c.footer === column ? [c.slug] : []));

/** The header's links, in the order of SPEC.md §2 "Header and footer". */
export const HEADER_PAGES: readonly PageId[] = [
  "home",
  "books",
  "radio",
  ...CATEGORIES.map((c) => c.slug),
  "weather",
  "contact",
];

/** The header's one row at 768 px and wider (DESIGN.md: about ten main sections)… */
export const HEADER_MAIN: readonly PageId[] = HEADER_PAGES.filter((id) => PAGES[id].nav === "main");
/** …and the rest, behind its More disclosure; in the header's order either way. */
export const HEADER_MORE: readonly PageId[] = HEADER_PAGES.filter((id) => PAGES[id].nav !== "main");

/** The footer's columns of page links (Connect holds contacts and outside links). */
export const FOOTER_COLUMNS: readonly { title: string; pages: readonly PageId[] }[] = [
  { title: "Sections", pages: slugsIn("Sections") },
  {
    title: "More",
    pages: ["weather", ...slugsIn("More"), "radio", "books", "faq", "partners", "careers"],
  },
  { title: "Legal", pages: ["privacy-policy", "terms-of-service", "privacy", "terms"] },
];

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

const byHeading = (id: PageId): NavItem => ({ path: PAGES[id].path, text: PAGES[id].heading });

export const SITE_NAVIGATION: SiteNavigation = {
  header: HEADER_PAGES.map((id) => ({
    path: PAGES[id].path,
    text: PAGES[id].label,
    more: HEADER_MORE.includes(id),
  })),
  footer: FOOTER_COLUMNS.map((c) => ({ title: c.title, links: c.pages.map(byHeading) })),
  contact: byHeading("contact"),
};
