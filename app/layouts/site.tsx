import { Outlet } from "react-router";
import { DonationPopup } from "~/components/donation-popup";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ThirdPartyScripts } from "~/components/third-party-scripts";
import { useSite } from "~/lib/root-data";

/** The shared layout of SPEC.md §2: sticky header, main area, footer and the donation popup. */
export default function SiteLayout() {
  const { site, now, scripts } = useSite();
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-accent px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader site={site} now={now} />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto min-h-[50vh] max-w-7xl px-4 py-8 focus:outline-none"
      >
        <Outlet />
      </main>
      <SiteFooter site={site} now={now} />
      <DonationPopup site={site} />
      <ThirdPartyScripts scripts={scripts} />
    </>
  );
}
