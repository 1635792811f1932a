/**
 * The articles API (app/routes/api.articles.ts): its path and its one query parameter, repeated
 * once per category (`/api/articles?category=local&category=sports`).
 */
export const ARTICLES_API = { path: "/api/articles", params: ["category"] } as const;
