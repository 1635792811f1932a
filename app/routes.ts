import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { CATEGORIES } from "../sites/categories";
import { FEED_FORMATS, FEED_PAGES, feedRoutePath } from "./lib/feeds";

// The one route table; it mirrors docs/product.md §2. The spec has no route parameters, so each category
// URL is its own entry (one per row of sites/categories.ts): the list pages share one module, the
// others have their own, and every entry's id names its page (app/lib/pages.ts).
const categories = CATEGORIES.map((c) =>
  route(c.slug, c.page === "list" ? "routes/category.tsx" : `routes/${c.slug}.tsx`, { id: c.slug }),
);

// The site's own feeds (issue 54): home's, each category page's and the weather alerts', each in
// three formats (app/routes/feed.ts), under the page's path (/local-news/rss.xml).
const feeds = FEED_PAGES.flatMap((page) =>
  FEED_FORMATS.map((format) =>
    route(feedRoutePath(page, format).slice(1), "routes/feed.ts", {
      id: `feed-${page === "/" ? "home" : page.slice(1)}-${format.id}`,
    }),
  ),
);

export default [
  layout("layouts/site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    ...categories,
    route("weather", "routes/weather.tsx", { id: "weather" }),
    route("contact", "routes/contact.tsx", { id: "contact" }),
    route("privacy-policy", "routes/legal.tsx", { id: "privacy-policy" }),
    route("terms-of-service", "routes/legal.tsx", { id: "terms-of-service" }),
    route("privacy", "routes/legal.tsx", { id: "privacy" }),
    route("terms", "routes/legal.tsx", { id: "terms" }),
    route("careers", "routes/careers.tsx", { id: "careers" }),
    route("partners", "routes/partners.tsx", { id: "partners" }),
    route("faq", "routes/faq.tsx", { id: "faq" }),
    // Who we are (issue 53); /masthead is the About page's masthead.
    route("about", "routes/about.tsx", { id: "about" }),
    route("corrections", "routes/corrections.tsx", { id: "corrections" }),
    // Not in the spec: docs/decisions/003-search.md.
    route("search", "routes/search.tsx", { id: "search" }),
  ]),
  route("radio", "routes/radio.tsx", { id: "radio" }),
  route("books", "routes/books.tsx", { id: "books" }),
  route("automotive-energy", "routes/automotive-energy.ts"),
  route("masthead", "routes/masthead.ts"),
  route("api/articles", "routes/api.articles.ts"),
  route("api/donation", "routes/api.donation.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  ...feeds,
  // Where readers and their apps look for a site's feed first: home's RSS.
  route("rss", "routes/feed-redirect.ts", { id: "feed-redirect-rss" }),
  route("feed", "routes/feed-redirect.ts", { id: "feed-redirect-feed" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
