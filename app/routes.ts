import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The one route table; it mirrors SPEC.md §2. The spec has no route parameters, so each category
// URL is its own entry; entries sharing a module get an id that names the page (app/lib/pages.ts).
const page = (path: string, id: string) => route(path, "routes/page.tsx", { id });

export default [
  layout("layouts/site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    page("local-news", "local-news"),
    page("national-news", "national-news"),
    page("world-news", "world-news"),
    page("politics", "politics"),
    page("business", "business"),
    page("technology", "technology"),
    page("automotive", "automotive"),
    page("real-estate", "real-estate"),
    page("health", "health"),
    page("food", "food"),
    page("lifestyle", "lifestyle"),
    page("local-events", "local-events"),
    page("archives", "archives"),
    page("arts-culture", "arts-culture"),
    page("opinion", "opinion"),
    page("sports", "sports"),
    page("weather", "weather"),
    page("contact", "contact"),
    page("privacy-policy", "privacy-policy"),
    page("terms-of-service", "terms-of-service"),
    page("privacy", "privacy"),
    page("terms", "terms"),
    page("careers", "careers"),
    page("partners", "partners"),
    page("faq", "faq"),
  ]),
  page("radio", "radio"),
  page("books", "books"),
  route("automotive-energy", "routes/automotive-energy.ts"),
  route("api/articles", "routes/api.articles.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
