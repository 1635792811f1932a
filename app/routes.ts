import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LIST_PAGE_IDS } from "./lib/categories";

// The one route table; it mirrors SPEC.md §2. The spec has no route parameters, so each category
// URL is its own entry; entries sharing a module get an id that names the page (app/lib/pages.ts).
const news = (path: string) => route(path, "routes/category.tsx", { id: path });

export default [
  layout("layouts/site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    ...LIST_PAGE_IDS.map(news),
    route("local-events", "routes/local-events.tsx", { id: "local-events" }),
    route("archives", "routes/archives.tsx", { id: "archives" }),
    route("arts-culture", "routes/arts-culture.tsx", { id: "arts-culture" }),
    route("opinion", "routes/opinion.tsx", { id: "opinion" }),
    route("sports", "routes/sports.tsx", { id: "sports" }),
    route("weather", "routes/weather.tsx", { id: "weather" }),
    route("contact", "routes/contact.tsx", { id: "contact" }),
    route("privacy-policy", "routes/legal.tsx", { id: "privacy-policy" }),
    route("terms-of-service", "routes/legal.tsx", { id: "terms-of-service" }),
    route("privacy", "routes/legal.tsx", { id: "privacy" }),
    route("terms", "routes/legal.tsx", { id: "terms" }),
    route("careers", "routes/careers.tsx", { id: "careers" }),
    route("partners", "routes/partners.tsx", { id: "partners" }),
    route("faq", "routes/faq.tsx", { id: "faq" }),
  ]),
  route("radio", "routes/radio.tsx", { id: "radio" }),
  route("books", "routes/books.tsx", { id: "books" }),
  route("automotive-energy", "routes/automotive-energy.ts"),
  route("api/articles", "routes/api.articles.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
