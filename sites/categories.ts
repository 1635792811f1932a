/**
 * The news categories of the network (docs/product.md §1: sixteen, fifteen of them filled from feeds):
 * one row each, from which the feed keys, the routes, the header and footer, home's sections and
 * every page's heading and description are derived. Adding a category is one row here, its feed
 * URLs in the sites' configs, and (for a page of its own) its route module.
 */
import { en } from "../common/i18n/en";
import { formatMessage, type MessageValues } from "../common/i18n/format";
import type { MessageKey } from "../common/i18n";

/** A translator of the interface's text (common/i18n's translatorFor, app/lib/i18n's useT). */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * Where a header link sits at 768 px and wider (docs/design.md "Navigation"): on the one row of about
 * ten main sections, or behind its More disclosure. Under 768 px the menu lists them all.
 */
export type NavPlace = "main" | "more";

/** The message keys of a category's words (common/i18n/<language>/news.ts). */
export interface CategoryText {
  /** Its page's h1. */
  heading: MessageKey;
  /** Its short name in the header and footer, and on its stories' cards. */
  label: MessageKey;
  /** How the loading text names it: "Loading {noun} news...". */
  noun: MessageKey;
  /** What its page holds, for search engines and social cards ({name}, {city}, {state}). */
  description: MessageKey;
  /** Its section's title on home (docs/product.md §2: six sections, in this table's order). */
  home?: MessageKey;
}

/** A category as the table declares it: its words are message keys. */
interface CategoryDeclaration {
  /**
   * Its key: the feed key of docs/product.md §7 (FEEDS_FILE and the site configs use it), and the
   * category a stored story names (a card shows its label: storyCategory).
   */
  key: string;
  /** Its page's path: /{slug}. */
  slug: string;
  /** Its words, as message keys: every language's (translate them with the page's translator). */
  text: CategoryText;
  /** False for a category without feeds (events: an embedded events wall). */
  fed: boolean;
  /** "list": the shared list page (routes/category.tsx); "own": routes/{slug}.tsx. */
  page: "list" | "own";
  /** Its footer column, if it has a link there. */
  footer: "Sections" | "More" | null;
  /** Its place in the header at 768 px and wider: the one row of main sections, or under More. */
  nav: NavPlace;
  /**
   * For how many days a story counts as recent on its pages: older ones are shown only while
   * fewer than MIN_RECENT recent ones exist (server/news/compose.ts). Absent: every story is
   * shown by date alone (the archives, whose stories are old by design).
   */
  freshDays?: number;
}

/** The site's fields a category's description names. */
export interface DescribedSite {
  name: string;
  city: string;
  state: string;
}

/**
 * A category's words in English (the specification's text, from the English catalogue), for
 * code that has no edition's translator: the page table. A
 * page in an edition translates `text` instead (categoryHeading and the others below).
 */
interface EnglishText {
  /** Its page's h1, in English. */
  heading: string;
  /** Its short name in the header and footer, in English. */
  label: string;
  /** How the loading text names it, in English. */
  noun: string;
  /** What its page holds, in English. */
  description: (site: DescribedSite) => string;
}

export type Category = CategoryDeclaration & EnglishText;

/** Every category, in the order of the header (docs/product.md §2 "Header and footer"). */
const DECLARED = [
  {
    key: "local",
    slug: "local-news",
    text: {
      heading: "news.category.local.heading",
      label: "news.category.local.label",
      noun: "news.category.local.noun",
      description: "news.category.local.description",
      home: "news.category.local.home",
    },
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "national",
    slug: "national-news",
    text: {
      heading: "news.category.national.heading",
      label: "news.category.national.label",
      noun: "news.category.national.noun",
      description: "news.category.national.description",
      home: "news.category.national.home",
    },
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "world",
    slug: "world-news",
    text: {
      heading: "news.category.world.heading",
      label: "news.category.world.label",
      noun: "news.category.world.noun",
      description: "news.category.world.description",
      home: "news.category.world.home",
    },
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "politics",
    slug: "politics",
    text: {
      heading: "news.category.politics.heading",
      label: "news.category.politics.label",
      noun: "news.category.politics.noun",
      description: "news.category.politics.description",
      home: "news.category.politics.home",
    },
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "business",
    slug: "business",
    text: {
      heading: "news.category.business.heading",
      label: "news.category.business.label",
      noun: "news.category.business.noun",
      description: "news.category.business.description",
      home: "news.category.business.home",
    },
    fed: true,
    page: "list",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "technology",
    slug: "technology",
    text: {
      heading: "news.category.technology.heading",
      label: "news.category.technology.label",
      noun: "news.category.technology.noun",
      description: "news.category.technology.description",
      home: "news.category.technology.home",
    },
    fed: true,
    page: "list",
    nav: "more",
    footer: "Sections",
    freshDays: 7,
  },
  {
    key: "automotive",
    slug: "automotive",
    text: {
      heading: "news.category.automotive.heading",
      label: "news.category.automotive.label",
      noun: "news.category.automotive.noun",
      description: "news.category.automotive.description",
    },
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 7,
  },
  {
    key: "realestate",
    slug: "real-estate",
    text: {
      heading: "news.category.realestate.heading",
      label: "news.category.realestate.label",
      noun: "news.category.realestate.noun",
      description: "news.category.realestate.description",
    },
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 7,
  },
  {
    key: "health",
    slug: "health",
    text: {
      heading: "news.category.health.heading",
      label: "news.category.health.label",
      noun: "news.category.health.noun",
      description: "news.category.health.description",
    },
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 7,
  },
  {
    key: "sports",
    slug: "sports",
    text: {
      heading: "news.category.sports.heading",
      label: "news.category.sports.label",
      noun: "news.category.sports.noun",
      description: "news.category.sports.description",
    },
    fed: true,
    page: "own",
    nav: "main",
    footer: "Sections",
    freshDays: 3,
  },
  {
    key: "arts",
    slug: "arts-culture",
    text: {
      heading: "news.category.arts.heading",
      label: "news.category.arts.label",
      noun: "news.category.arts.noun",
      description: "news.category.arts.description",
    },
    fed: true,
    page: "own",
    nav: "main",
    footer: "More",
    freshDays: 14,
  },
  {
    key: "food",
    slug: "food",
    text: {
      heading: "news.category.food.heading",
      label: "news.category.food.label",
      noun: "news.category.food.noun",
      description: "news.category.food.description",
    },
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 14,
  },
  {
    key: "lifestyle",
    slug: "lifestyle",
    text: {
      heading: "news.category.lifestyle.heading",
      label: "news.category.lifestyle.label",
      noun: "news.category.lifestyle.noun",
      description: "news.category.lifestyle.description",
    },
    fed: true,
    page: "list",
    nav: "more",
    footer: null,
    freshDays: 14,
  },
  {
    key: "opinion",
    slug: "opinion",
    text: {
      heading: "news.category.opinion.heading",
      label: "news.category.opinion.label",
      noun: "news.category.opinion.noun",
      description: "news.category.opinion.description",
    },
    fed: true,
    page: "own",
    nav: "main",
    footer: "Sections",
    freshDays: 7,
  },
  {
    key: "archives",
    slug: "archives",
    text: {
      heading: "news.category.archives.heading",
      label: "news.category.archives.label",
      noun: "news.category.archives.noun",
      description: "news.category.archives.description",
    },
    fed: true,
    page: "own",
    nav: "more",
    footer: "More",
  },
  {
    key: "events",
    slug: "local-events",
    text: {
      heading: "news.category.events.heading",
      label: "news.category.events.label",
      noun: "news.category.events.noun",
      description: "news.category.events.description",
    },
    fed: false,
    page: "own",
    nav: "more",
    footer: "More",
  },
] as const satisfies readonly CategoryDeclaration[];

/** A declared row with its English words (EnglishText). */
function withEnglish<Row extends CategoryDeclaration>(row: Row): Row & EnglishText {
  return {
    ...row,
    heading: en[row.text.heading] as string,
    label: en[row.text.label] as string,
    noun: en[row.text.noun] as string,
    description: (site) => formatMessage(en[row.text.description], "en-US", describing(site)),
  };
}

/** The values a description's placeholders take. */
const describing = ({ name, city, state }: DescribedSite) => ({ name, city, state });

/** Every category, in the order of the header, with its English words too. */
export const CATEGORIES = DECLARED.map(withEnglish);

/** One row of the table, with its literal types. */
export type CategoryRow = (typeof CATEGORIES)[number];

/** A feed key (docs/product.md §7): a category filled from feeds. */
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

type Declared = (typeof DECLARED)[number];
type HomeRow = Extract<Declared, { text: { home: MessageKey } }>;
const isHome = (c: Declared): c is HomeRow => "home" in c.text;

/**
 * Home's sections, in order: title (in English: translate homeTitle(key) for a page), feed key
 * and the page of their See All link.
 */
export const HOME_SECTIONS = DECLARED.filter(isHome).map((c) => ({
  title: en[c.text.home] as string,
  key: c.key,
  slug: c.slug,
}));

/** The words of the category with `key` (its message keys). */
export function categoryText(key: CategoryRow["key"]): CategoryText {
  const row = DECLARED.find((c) => c.key === key);
  if (!row) throw new Error(`No category ${key}`);
  return row.text;
}

/** The message key of a home section's title (the category's label when it has none). */
export function homeTitle(key: CategoryRow["key"]): MessageKey {
  const text = categoryText(key);
  return text.home ?? text.label;
}

/** A category's page heading in the translator's language ("Noticias locales"). */
export function categoryHeading(category: { text: CategoryText }, t: Translate): string {
  return t(category.text.heading);
}

/** A category's short name in the translator's language (the header's, a card's). */
export function categoryLabel(category: { text: CategoryText }, t: Translate): string {
  return t(category.text.label);
}

/** A category's description for a site, in the translator's language. */
export function categoryDescription(
  category: { text: CategoryText },
  t: Translate,
  site: DescribedSite,
): string {
  return t(category.text.description, describing(site));
}

/**
 * The category a story shows, in the translator's language: its category's label ("Bienes
 * raíces"). A story names its category by key (server/news/normalize.ts, stored so since
 * migration 0011); a value that is no key (text a row held before that migration, which it did not
 * know) is shown as it is.
 */
export function storyCategory(key: string, t: Translate): string {
  const row = DECLARED.find((c) => c.key === key);
  return row ? t(row.text.label) : key;
}

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
