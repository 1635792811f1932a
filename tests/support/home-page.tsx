import { routerContext } from "../../app/lib/city-context";
import type { LoadContext } from "../../server/context";
import { renderToStaticMarkup } from "react-dom/server";
import {
  Outlet,
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type LoaderFunctionArgs,
} from "react-router";
import type { ComponentType } from "react";
import type { City } from "../../sites/schema";
import type { NewsReader } from "../../server/news/engine";
import type { CityServices } from "../../server/cities/served";
import { cityServices } from "./cities";
import { rootData } from "../../app/lib/root-data";
import SiteLayout, { loader as layoutLoader } from "../../app/layouts/site";
import Home, { loader as homeLoader } from "../../app/routes/home";

interface PageOptions {
  news: NewsReader;
  now: number;
  weather?: CityServices["weather"];
  stormAds?: boolean;
  /** The edition the page is in, and the city's others (none by default). */
  edition?: CityServices["edition"];
}

/** A route of the site layout as a test gives it: its id, path (none: the index), loader, page. */
interface PageRoute {
  id: string;
  path?: string;
  loader: (args: LoaderFunctionArgs) => unknown;
  Component: ComponentType;
}

/**
 * Home's whole HTML as the server makes it (the root's data, the site layout, home) for `city`,
 * with the news and weather given, at `now`.
 */
export function renderHome(city: City, options: PageOptions): Promise<string> {
  return renderPage(city, "/", { id: "home", loader: homeLoader, Component: Home }, options);
}

/**
 * A page's whole HTML as the server makes it (the root's data, the site layout, `route`) for
 * `city` at `target` (path and query), with the news and weather given, at `now`.
 */
export async function renderPage(
  city: City,
  target: string,
  route: PageRoute,
  options: PageOptions,
): Promise<string> {
  const services = cityServices(city, {
    news: options.news,
    weather: options.weather,
    edition: options.edition,
  });
  const context = {
    ...services,
    now: options.now,
    isDev: false,
    embedPlaceholders: false,
    stormAds: options.stormAds,
    clientAddress: "203.0.113.5",
    log: { info() {}, warn() {}, error() {}, debug() {} },
    // The app's context has more than a home page reads (see server/http/pages/render.ts).
  } as unknown as LoadContext;
  const routes = [
    {
      id: "root",
      path: "/",
      loader: async () => rootData(context, await context.weather.get()),
      Component: Outlet,
      children: [
        {
          id: "layouts/site",
          loader: layoutLoader,
          Component: SiteLayout,
          children: [route.path ? route : { ...route, index: true as const }],
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(`https://${city.hosts[0]}${target}`), {
    requestContext: routerContext(context),
  });
  if (result instanceof Response) throw new Error(`${target} answered ${result.status}`);
  const router = createStaticRouter(handler.dataRoutes, result);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={result} />);
}

/** What <main> of a page's HTML holds. */
export function mainOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}
