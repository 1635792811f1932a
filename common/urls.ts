// The site's own URLs that both the React app (its routes) and the server (what it refuses,
// caches or counts before React is asked) name.

/**
 * The articles API (app/routes/api.articles.ts): its path and its query parameters, `category`
 * repeated once per category (`/api/articles?category=local&category=sports`), and `limit`, how
 * many of their newest stories together it answers with (1 to `maxLimit`; 15 when absent), which
 * a News Feed's refresh gives so as to see every headline it lists.
 */
export const ARTICLES_API = {
  path: "/api/articles",
  params: ["category", "limit"],
  maxLimit: 100,
} as const;

/** What the donation dialog shows (app/routes/api.donation.ts), asked for when it is due. */
export const DONATION_API = "/api/donation";

/** The search page's path and route id (app/routes.ts). */
export const SEARCH_PATH = "/search";
export const SEARCH_ROUTE_ID = "search";
/** The query parameters it reads (searchHref writes them, readSearchParams reads them). */
export const SEARCH_PARAMS = ["q", "page"] as const;
