/**
 * The news categories of the network (SPEC.md §1: sixteen, fifteen of them filled from feeds):
 * one row each, from which the feed keys, the routes, the header and footer, home's sections and
 * every page's heading and description are derived. Adding a category is one row here, its feed
 * URLs in the sites' configs, and (for a page of its own) its route module.
 */
/**
 * Where a header link sits at 768 px and wider (DESIGN.md "Navigation"): on the one row of about
 * ten main sections, or behind its More disclosure. Under 768 px the menu lists them all.
 */
export type NavPlace = "main" | "more";

export interface Category {
  /**
   * Its key: the feed key of SPEC.md §7 (FEEDS_FILE and the site configs use it), and, with its
   * first letter capitalised, the category a card shows.
   */
  key: string;
  /** Its page's path: /{slug}. */
  slug: string;
  /** Its page's h1. */
  heading: string;
  /** Its short name in the header and footer. */
  label: string;
  /** How the loading text names it: "Loading {noun} news...". */
  noun: string;
  /** What its page holds, for search engines and social cards. */
  description: (site: { name: string; city: string; state: string }) => string;
  /** False for a category without feeds (events: an embedded events wall). */
  fed: boolean;
  /** "list": the shared list page (routes/category.tsx); "own": routes/{slug}.tsx. */
  page: "list" | "own";
  /** Its footer column, if it has a link there. */
  footer: "Sections" | "More" | null;
  /** Its place in the header at 768 px and wider: the one row of main sections, or under More. */
  nav: NavPlace;
  /** Its section's title on home (SPEC.md §2: six sections, in this table's order). */
  home?: string;
  /**
   * For how many days a story counts as recent on its pages: older ones are shown only while
   * fewer than MIN_RECENT recent ones exist (server/news/compose.ts). Absent: every story is
   * shown by date alone (the archives, whose stories are old by design).
   */
  freshDays?: number;
}

const news = (topic: string) => (s: { city: string; state: string }) =>
  `The latest ${topic} for ${s.city}, ${s.state}: stories gathered from trusted newsrooms and updated through the day.`;

/** Every category, in the order of the header (SPEC.md §2 "Header and footer"). */
export const CATEGORIES = [
  {
    key: "local",
    slug: "local-news",
    heading: "Local News",
    label: "Local",
    noun: "local",
    description: (s) =>
      `${s.city} local news: neighbourhoods, city hall, schools, public safety and community stories from across the ${s.city} area.`,
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    home: "Local",
    freshDays: 3,
  },
  {
    key: "national",
    slug: "national-news",
    heading: "National News",
    label: "National",
    noun: "national",
    description: news("national news from across the United States"),
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    home: "National",
    freshDays: 3,
  },
  {
    key: "world",
    slug: "world-news",
    heading: "World News",
    label: "World",
    noun: "world",
    description: news("world news and international affairs"),
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    home: "World",
    freshDays: 3,
  },
  {
    key: "politics",
    slug: "politics",
    heading: "Politics & Government",
    label: "Politics",
    noun: "politics",
    description: news("politics and government news, from city hall to Congress,"),
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    home: "Politics & Government",
    freshDays: 3,
  },
  {
    key: "business",
    slug: "business",
    heading: "Business & Finance",
    label: "Business",
    noun: "business",
    description: news("business, markets and personal finance news"),
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    home: "Business & Finance",
    freshDays: 3,
  },
  {
    key: "technology",
    slug: "technology",
    heading: "Technology & Innovation",
    label: "Technology",
    noun: "technology",
    description: news("technology and innovation news"),
    fed: true,
    page: "list",
    nav: "more",
    footer: "Sections",
    home: "Technology & Innovation",
    freshDays: 7,
  },
  {
    key: "automotive",
    slug: "automotive",
    heading: "Automotive & Energy",
    label: "Automotive",
    noun: "automotive & energy",
    description: news("automotive and energy news"),
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 7,
  },
  {
    key: "realestate",
    slug: "real-estate",
    heading: "Real Estate & Housing",
    label: "Real Estate",
    noun: "real estate",
    description: news("real estate, housing and development news"),
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 7,
  },
  {
    key: "health",
    slug: "health",
    heading: "Health & Wellness",
    label: "Health",
    noun: "health",
    description: news("health, medicine and wellness news"),
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 7,
  },
  {
    key: "sports",
    slug: "sports",
    heading: "Sports",
    label: "Sports",
    noun: "sports",
    description: news("sports news: baseball, tennis, golf, hockey and soccer,"),
    fed: true,
    page: "own",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "arts",
    slug: "arts-culture",
    heading: "Arts & Culture",
    label: "Arts & Culture",
    noun: "arts & culture",
    description: news("arts and culture news and the cultural calendar"),
    fed: true,
    page: "own",
    nav: "main",
    footer: "More",
    freshDays: 14,
  },
  {
    key: "food",
    slug: "food",
    heading: "Food & Dining",
    label: "Food",
    noun: "food",
    description: news("food, restaurant and dining news"),
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 14,
  },
  {
    key: "lifestyle",
    slug: "lifestyle",
    heading: "Lifestyle & Fashion",
    label: "Lifestyle",
    noun: "lifestyle",
    description: news("lifestyle and fashion stories"),
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 14,
  },
  {
    key: "opinion",
    slug: "opinion",
    heading: "Opinion & Editorial",
    label: "Opinion",
    noun: "opinion",
    description: (s) =>
      `Opinion, columns and editorials for ${s.city}, and how to submit an op-ed or a letter to the editor.`,
    fed: true,
    page: "own",
    nav: "main",
    footer: "Sections",
    freshDays: 7,
  },
  {
    key: "archives",
    slug: "archives",
    heading: "From the Archives",
    label: "Archives",
    noun: "archives",
    description: (s) => `Stories from the archives of ${s.name}.`,
    fed: true,
    page: "own",
    nav: "more",
    footer: "More",
  },
  {
    key: "events",
    slug: "local-events",
    heading: "Local Events",
    label: "Events",
    noun: "events",
    description: (s) =>
      `Community events, cultural activities and business gatherings in ${s.city}, and how to submit your event.`,
    fed: false,
    page: "own",
    nav: "more",
    footer: "More",
  },
] as const satisfies readonly Category[];

/** One row of the table, with its literal types. */
export type CategoryRow = (typeof CATEGORIES)[number];

/** A feed key (SPEC.md §7): a category filled from feeds. */
export type FeedKey = Extract<CategoryRow, { fed: true }>["key"];
/** The path segment of a category's page. */
export type CategorySlug = CategoryRow["slug"];

/** The feed keys, in the table's order. */
export const FEED_KEYS = CATEGORIES.flatMap((c) => (c.fed ? [c.key] : [])) as [
  FeedKey,
  ...FeedKey[],
];

/** The category whose page is at /{slug}, if any. */
export function categoryAt(slug: string): CategoryRow | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}

/** The categories that use the shared list page, by slug. */
export const LIST_SLUGS = CATEGORIES.flatMap((c) => (c.page === "list" ? [c.slug] : []));

/** Home's sections, in order: title, feed key and the page of their See All link. */
export const HOME_SECTIONS = CATEGORIES.flatMap((c) =>
  "home" in c ? [{ title: c.home, key: c.key, slug: c.slug }] : [],
);

/** Home's sections' feed keys, in order (its News Feed lists their newest stories together). */
export const HOME_KEYS = HOME_SECTIONS.map((s) => s.key);

const DAY_MS = 86_400_000;
const FRESH_WINDOWS = new Map<string, number>(
  CATEGORIES.flatMap((c) => ("freshDays" in c ? [[c.key, c.freshDays * DAY_MS] as const] : [])),
);

/** A category's window of recent stories in ms (its freshDays), or null when it has none. */
export function freshWindowMs(key: string): number | null {
  return FRESH_WINDOWS.get(key) ?? null;
}

/** Whether a story published at `publishedAt` is recent in category `key` at `now`. */
export function isRecent(publishedAt: number | string | null, key: string, now: number): boolean {
  const window = freshWindowMs(key);
  if (publishedAt === null || window === null) return false;
  const at = typeof publishedAt === "number" ? publishedAt : Date.parse(publishedAt);
  return !Number.isNaN(at) && at >= now - window;
}
