import { Links, Meta, Outlet, isRouteErrorResponse, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import { rootData, useRootData, type RootData } from "./lib/root-data";
import href from "./app.css?url";
import { InlineStylesheet } from "./components/inline-stylesheet";
import { EditionAlternates } from "./components/edition-links";
import { LinkWordsContext, linkWordsOf } from "./components/external-link";
import { useT } from "./lib/i18n";
import { ISLAND_LOADER, ISLAND_LOADER_WITH_WORKER } from "../common/islands";
import { cityContext } from "./lib/city-context";

/** Where the built stylesheet is: the production server reads it once and inlines it in pages. */
export const stylesheet = href;

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // In production the stylesheet is inline (InlineStylesheet): no render-blocking request.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href }] : []),
];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return rootData(context, await context.weather.get());
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang={data?.site.locale ?? "en"} data-stylesheet={data?.stylesheetHref ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.themeColor ?? "#8a1c1c"} />
        {data && <link rel="manifest" href={`${data.edition.path}/manifest.webmanifest`} />}
        <Meta />
        <EditionAlternates />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="bg-paper text-ink antialiased">
        {/* No framework runs in the browser: each interactive part names its own module
            (IslandScript), which the loader (ISLAND_LOADER) imports once the page has painted
            (docs/decisions/008-islands.md); links are page loads. */}
        <LinkWordsContext value={linkWordsOf(data?.site.locale ?? "en-US")}>
          {children}
        </LinkWordsContext>
        {/* In production the loader also registers the offline service worker (decision 012). */}
        <script
          dangerouslySetInnerHTML={{
            __html: data?.serviceWorker ? ISLAND_LOADER_WITH_WORKER : ISLAND_LOADER,
          }}
        />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Router failure: 'Unexpected Application Error!' with the message; the stack only in development. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  // Home of the page's edition (/es/ for the Spanish one).
  const data: Partial<RootData> | undefined = useRootData();
  const home = `${data?.edition?.path ?? ""}/`;
  let heading = t("layout.errorHeading");
  let message = t("layout.errorMessage");
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
        <a className="link" href={home}>
          {t("layout.returnHome")}
        </a>
      </p>
    </main>
  );
}
