import { UntranslatedNotice } from "~/components/untranslated-notice";
import { Outlet, useLoaderData } from "react-router";
import { DonationPopup } from "~/components/donation-popup";
import { LinkWordsContext, linkWordsOf } from "~/components/external-link";
import { LiveUpdates } from "~/components/live-updates";
import { ClockContext, clockDigits } from "~/components/relative-time";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ThirdPartyScripts } from "~/components/third-party-scripts";
import { PageAlertBanner } from "~/components/weather-live";
import { siteNavigation } from "~/lib/pages";
import { useT } from "~/lib/i18n";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/site";
import { cityContext } from "~/lib/city-context";

/**
 * The header's and footer's links, built from the page tables on the server: the tables, their
 * descriptions and the code that derives the links are not part of the browser's bundle.
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return { nav: siteNavigation(context.site.locale) };
}

/** The links are the same on every page: a navigation never asks for them again. */
export function shouldRevalidate() {
  return false;
}

/** The shared layout of docs/product.md §2: sticky header, main area, footer and the donation popup. */
export default function SiteLayout() {
  const { nav } = useLoaderData<typeof loader>();
  const { site, now, scripts, islands } = useSite();
  const t = useT();
  // Relative dates are told as of the render, in the city's locale and zone (RelativeTime).
  const digits = clockDigits(site.locale);
  const clock = {
    now,
    locale: site.locale,
    timeZone: site.timeZone,
    ...(digits ? { digits } : {}),
    script: islands.clock,
  };
  // One column whose parts may be placed apart from their order in the document (the alert
  // banner comes first on the screen); the header's top strip (the date, the other editions and
  // the partner links) is above the masthead in both (SiteHeader). The column spans the page, so
  // the header stays sticky all the way down.
  // The skip link, once focused, is whole (skip-link, app.css) and white, so that it stands out
  // over the alert banner's red as over the page.
  // The words of links in the page's language (root.tsx's Layout gives them too; a test renders
  // this layout without it).
  return (
    <LinkWordsContext value={linkWordsOf(site.locale)}>
      <div className="flex flex-col">
        <a
          href="#main-content"
          className="sr-only skip-link z-50 rounded bg-white font-semibold text-ink shadow-menu"
        >
          {t("layout.skipToContent")}
        </a>
        {/* The city's urgent weather alerts: first on the screen, and first after the skip link. */}
        <PageAlertBanner className="order-first" />
        <SiteHeader site={site} now={now} links={nav.header} />
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto min-h-[50vh] w-full max-w-7xl px-4 py-8 focus:outline-none"
        >
          <ClockContext value={clock}>
            <UntranslatedNotice>
              <Outlet />
            </UntranslatedNotice>
          </ClockContext>
        </main>
        <SiteFooter site={site} now={now} nav={nav} />
        <DonationPopup />
        <LiveUpdates />
        <ThirdPartyScripts scripts={scripts} />
      </div>
    </LinkWordsContext>
  );
}
