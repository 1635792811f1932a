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
}

const news = (topic: string) => (s: PublicSite) =>
  `The latest ${topic} for ${s.city}, ${s.state}: stories gathered from trusted newsrooms and updated through the day.`;

/** Every public page of SPEC.md §2, keyed by route id. Titles and descriptions live here once. */
export const PAGES = {
  home: {
    id: "home",
    path: "/",
    heading: "Top Stories",
    label: "Home",
    kind: "home",
    description: (s) => s.tagline,
  },
  books: {
    id: "books",
    path: "/books",
    heading: "Books",
    label: "Books",
    kind: "collection",
    description: () =>
      "Ebooks on spiritual wisdom and wealth, the Billionaire series and classic-text editions, with an online university of ancient wisdom.",
  },
  radio: {
    id: "radio",
    path: "/radio",
    heading: "Live Radio",
    label: "Radio",
    kind: "page",
    description: (s) => `Listen to ${s.name} live radio: a 24/7 live stream from ${s.city}.`,
  },
  "local-news": {
    id: "local-news",
    path: "/local-news",
    heading: "Local News",
    label: "Local",
    kind: "collection",
    description: (s) =>
      `${s.city} local news: neighbourhoods, city hall, schools, public safety and community stories from across the ${s.city} area.`,
  },
  "national-news": {
    id: "national-news",
    path: "/national-news",
    heading: "National News",
    label: "National",
    kind: "collection",
    description: news("national news from across the United States"),
  },
  "world-news": {
    id: "world-news",
    path: "/world-news",
    heading: "World News",
    label: "World",
    kind: "collection",
    description: news("world news and international affairs"),
  },
  politics: {
    id: "politics",
    path: "/politics",
    heading: "Politics & Government",
    label: "Politics",
    kind: "collection",
    description: news("politics and government news, from city hall to Congress,"),
  },
  business: {
    id: "business",
    path: "/business",
    heading: "Business & Finance",
    label: "Business",
    kind: "collection",
    description: news("business, markets and personal finance news"),
  },
  technology: {
    id: "technology",
    path: "/technology",
    heading: "Technology & Innovation",
    label: "Technology",
    kind: "collection",
    description: news("technology and innovation news"),
  },
  automotive: {
    id: "automotive",
    path: "/automotive",
    heading: "Automotive & Energy",
    label: "Automotive",
    kind: "collection",
    description: news("automotive and energy news"),
  },
  "real-estate": {
    id: "real-estate",
    path: "/real-estate",
    heading: "Real Estate & Housing",
    label: "Real Estate",
    kind: "collection",
    description: news("real estate, housing and development news"),
  },
  health: {
    id: "health",
    path: "/health",
    heading: "Health & Wellness",
    label: "Health",
    kind: "collection",
    description: news("health, medicine and wellness news"),
  },
  sports: {
    id: "sports",
    path: "/sports",
    heading: "Sports",
    label: "Sports",
    kind: "collection",
    description: news("sports news: baseball, tennis, golf, hockey and soccer,"),
  },
  "arts-culture": {
    id: "arts-culture",
    path: "/arts-culture",
    heading: "Arts & Culture",
    label: "Arts & Culture",
    kind: "collection",
    description: news("arts and culture news and the cultural calendar"),
  },
  food: {
    id: "food",
    path: "/food",
    heading: "Food & Dining",
    label: "Food",
    kind: "collection",
    description: news("food, restaurant and dining news"),
  },
  lifestyle: {
    id: "lifestyle",
    path: "/lifestyle",
    heading: "Lifestyle & Fashion",
    label: "Lifestyle",
    kind: "collection",
    description: news("lifestyle and fashion stories"),
  },
  opinion: {
    id: "opinion",
    path: "/opinion",
    heading: "Opinion & Editorial",
    label: "Opinion",
    kind: "collection",
    description: (s) =>
      `Opinion, columns and editorials for ${s.city}, and how to submit an op-ed or a letter to the editor.`,
  },
  archives: {
    id: "archives",
    path: "/archives",
    heading: "From the Archives",
    label: "Archives",
    kind: "collection",
    description: (s) => `Stories from the archives of ${s.name}.`,
  },
  "local-events": {
    id: "local-events",
    path: "/local-events",
    heading: "Local Events",
    label: "Events",
    kind: "collection",
    description: (s) =>
      `Community events, cultural activities and business gatherings in ${s.city}, and how to submit your event.`,
  },
  weather: {
    id: "weather",
    path: "/weather",
    heading: "Weather",
    label: "Weather",
    kind: "page",
    description: (s) =>
      `${s.city} weather: current conditions, alerts, a 7-day forecast, hurricane preparedness and monthly climate history.`,
  },
  contact: {
    id: "contact",
    path: "/contact",
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

export type PageId = keyof typeof PAGES;

/** The header's links, in the order of SPEC.md §2 "Header and footer". */
export const HEADER_PAGES: readonly PageId[] = [
  "home",
  "books",
  "radio",
  "local-news",
  "national-news",
  "world-news",
  "politics",
  "business",
  "technology",
  "automotive",
  "real-estate",
  "health",
  "sports",
  "arts-culture",
  "food",
  "lifestyle",
  "opinion",
  "archives",
  "local-events",
  "weather",
  "contact",
];

/** The footer's columns of page links (Connect holds contacts and outside links). */
export const FOOTER_COLUMNS: readonly { title: string; pages: readonly PageId[] }[] = [
  {
    title: "Sections",
    pages: [
      "local-news",
      "national-news",
      "world-news",
      "politics",
      "business",
      "technology",
      "sports",
      "opinion",
    ],
  },
  {
    title: "More",
    pages: [
      "weather",
      "local-events",
      "arts-culture",
      "archives",
      "radio",
      "books",
      "faq",
      "partners",
      "careers",
    ],
  },
  { title: "Legal", pages: ["privacy-policy", "terms-of-service", "privacy", "terms"] },
];

/** Every public page, for the sitemap. */
export const PUBLIC_PAGES: readonly PageInfo[] = Object.values(PAGES);

export function getPage(id: string): PageInfo | undefined {
  return (PAGES as Record<string, PageInfo>)[id];
}
