import { PageHeading } from "~/components/page-heading";
import { PAGES } from "~/lib/pages";
import { metaForPage, useSite } from "~/lib/root-data";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return metaForPage(PAGES.home, matches);
}

export default function Home() {
  const { site } = useSite();
  return (
    <>
      <PageHeading standfirst={site.tagline}>{PAGES.home.heading}</PageHeading>
      <p className="text-muted">The latest {site.city} stories will appear here.</p>
    </>
  );
}
