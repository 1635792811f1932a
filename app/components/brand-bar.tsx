import { useT } from "~/lib/i18n";
import { PageLink } from "./page-link";
import { PageAlertBanner } from "./weather-live";

/**
 * A slim masthead for the pages outside the shared layout (/radio, /books): the publication's
 * name, linking home, so that a reader who lands there knows whose page it is and how to go on;
 * above it, as on every page, the city's alert banner while an Extreme or Severe alert is in force.
 */
export function BrandBar({ name }: { name: string }) {
  const t = useT();
  return (
    <>
      <PageAlertBanner />
      <header className="on-ink border-b-4 border-accent bg-ink text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
          <PageLink
            to="/"
            className="inline-flex min-h-11 items-center font-serif text-xl font-bold tracking-tight hover:underline"
          >
            {name}
          </PageLink>
          <PageLink to="/" className="inline-flex min-h-11 items-center text-sm hover:underline">
            {t("layout.backToHome")}
          </PageLink>
        </div>
      </header>
    </>
  );
}
