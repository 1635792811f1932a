import type { FeedKey } from "../../sites/schema";
import type { PageId } from "./pages";

/** Which feed key feeds each news page, and how its loading text names it. */
export const NEWS_PAGES = {
  "local-news": { key: "local", label: "local" },
  "national-news": { key: "national", label: "national" },
  "world-news": { key: "world", label: "world" },
  politics: { key: "politics", label: "politics" },
  business: { key: "business", label: "business" },
  technology: { key: "technology", label: "technology" },
  automotive: { key: "automotive", label: "automotive & energy" },
  "real-estate": { key: "realestate", label: "real estate" },
  health: { key: "health", label: "health" },
  food: { key: "food", label: "food" },
  lifestyle: { key: "lifestyle", label: "lifestyle" },
  archives: { key: "archives", label: "archives" },
  "arts-culture": { key: "arts", label: "arts & culture" },
  opinion: { key: "opinion", label: "opinion" },
  sports: { key: "sports", label: "sports" },
} as const satisfies Partial<Record<PageId, { key: FeedKey; label: string }>>;

export type NewsPageId = keyof typeof NEWS_PAGES;

/** The list pages that share one layout (routes/category.tsx); the others have their own module. */
export const LIST_PAGE_IDS = [
  "local-news",
  "national-news",
  "world-news",
  "politics",
  "business",
  "technology",
  "automotive",
  "real-estate",
  "health",
  "food",
  "lifestyle",
] as const satisfies readonly NewsPageId[];

/** The news page served at a path ("/world-news"), if any. */
export function newsPageAt(path: string): NewsPageId | undefined {
  const id = path.replace(/^\//, "").replace(/\/$/, "");
  return id in NEWS_PAGES ? (id as NewsPageId) : undefined;
}

/** Home's six sections (SPEC.md §2): title, feed key and See All page. */
export const HOME_SECTIONS = [
  { title: "Local", key: "local", page: "local-news" },
  { title: "National", key: "national", page: "national-news" },
  { title: "World", key: "world", page: "world-news" },
  { title: "Politics & Government", key: "politics", page: "politics" },
  { title: "Business & Finance", key: "business", page: "business" },
  { title: "Technology & Innovation", key: "technology", page: "technology" },
] as const satisfies readonly { title: string; key: FeedKey; page: PageId }[];

/** SPEC.md §9: home shows the first 5 articles of each section. */
export const HOME_SECTION_SIZE = 5;
