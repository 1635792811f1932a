import { Links, Meta, Outlet, isRouteErrorResponse, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import { toPublicSite } from "./lib/site";
import { thirdPartyScripts } from "../common/embeds";
import { useRootData } from "./lib/root-data";
import href from "./app.css?url";
import { InlineStylesheet } from "./components/inline-stylesheet";
import { ISLAND_LOADER, devIslandSources } from "../common/islands";

/** Where the built stylesheet is: the production server reads it once and inlines it in pages. */
export const stylesheet = href;

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // In production the stylesheet is inline (InlineStylesheet): no render-blocking request.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href }] : []),
];

export async function loader({ context }: Route.LoaderArgs) {
  const weather = await context.weather.get();
  return {
    site: toPublicSite(context.site),
    siteUrl: context.siteUrl,
    now: context.now,
    /** Unconfigured embeds show a placeholder (development), or nothing (readers). */
    embedPlaceholders: context.embedPlaceholders,
    /** Ad slots are shown (their heights reserved) only when an ad client is configured. */
    adClient: context.site.embeds.adClient || null,
    /** Third-party scripts to load once the page is interactive (configured ones only). */
    scripts: thirdPartyScripts(context.site.embeds),
    /** Where each island's module is served (IslandScript). */
    islands: context.islands ?? devIslandSources(),
    /** Where the whole stylesheet is (islands load it before they show markup of their own). */
    stylesheetHref: context.stylesheetHref ?? null,
    /** The city's alerts, for the banner of its Extreme and Severe ones on every page. */
    weatherAlerts: { alerts: weather.alerts, alertsInForce: weather.alertsInForce },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang={data?.site.locale ?? "en"} data-stylesheet={data?.stylesheetHref ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#8a1c1c" />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="bg-paper text-ink antialiased">
        {/* No framework runs in the browser: each interactive part names its own module
            (IslandScript), which the loader (ISLAND_LOADER) imports once the page has painted
            (docs/decisions/008-islands.md); links are page loads. */}
        {children}
        <script dangerouslySetInnerHTML={{ __html: ISLAND_LOADER }} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Router failure: 'Unexpected Application Error!' with the message; the stack only in development. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = "Unexpected Application Error!";
  let message = "Something went wrong.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    heading = `${error.status} ${error.statusText}`.trim();
    message = typeof error.data === "string" && error.data ? error.data : message;
  } else if (error instanceof Error) {
    message = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-16">
      <title>{heading}</title>
      <h1 className="font-serif text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-lg">{message}</p>
      {stack && (
        <pre className="mt-6 overflow-x-auto rounded bg-stone-100 p-4 text-sm">
          <code>{stack}</code>
        </pre>
      )}
      <p className="mt-8">
        <a className="link" href="/">
          Return to Homepage
        </a>
      </p>
    </main>
  );
}
