import { Link, useMatches } from "react-router";
import { PageHeading } from "~/components/page-heading";
import { getPage } from "~/lib/pages";
import { metaForPage, useSite } from "~/lib/root-data";
import type { Route } from "./+types/page";

// One module for every page whose content a later issue builds; the route id (app/routes.ts)
// names the page in app/lib/pages.ts, so its heading and metadata are already the real ones.

const LAYOUT_ID = "layouts/site";

export function meta({ matches }: Route.MetaArgs) {
  const own = matches[matches.length - 1];
  return own ? metaForPage(own.id, matches) : [];
}

export default function Page() {
  const { site } = useSite();
  const matches = useMatches();
  const own = matches[matches.length - 1];
  const page = own ? getPage(own.id) : undefined;
  if (!page) throw new Error(`No page is described for route "${own?.id ?? "?"}"`);
  const insideLayout = matches.some((m) => m.id === LAYOUT_ID);

  const body = (
    <>
      <PageHeading standfirst={page.description(site)}>{page.heading}</PageHeading>
      <p className="text-muted">This section of {site.name} is being prepared.</p>
    </>
  );
  if (insideLayout) return body;
  return (
    <main id="main-content" className="mx-auto max-w-5xl px-4 py-8">
      <p className="mb-6">
        <Link to="/" className="link">
          Back to Home
        </Link>
      </p>
      {body}
    </main>
  );
}
