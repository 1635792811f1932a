import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import { thirdPartyScripts } from "../../common/embeds";
import { brandOf } from "../../sites/brand";
import { devIslandSources } from "../../common/islands";
import { inStorm } from "./storm";
import { toPublicSite } from "./site";
import type { LoadContext } from "../../server/context";

type Weather = Awaited<ReturnType<LoadContext["weather"]["get"]>>;

/** What the root route's loader (app/root.tsx) gives every page's components. */
export function rootData(context: LoadContext, weather: Weather) {
  return {
    site: toPublicSite(context.site),
    siteUrl: context.siteUrl,
    /** The edition of the city the page is in, and the city's editions (EditionLinks). */
    edition: context.edition,
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
    /**
     * Storm mode (app/components/storm-mode.tsx): an Extreme or Severe alert is in force. The
     * donation prompt is held, and ads are left out unless STORM_ADS keeps them.
     */
    storm: inStorm(weather),
    /** Ads stay in pages in storm mode (STORM_ADS). */
    stormAds: context.stormAds ?? false,
    /** The morning briefing's sign-up form: open or closed, and the local hour it is sent. */
    briefing: context.briefing ?? { open: false, hour: 6 },
    /** The city's colour: the browser's bar and the installed app's (sites/brand.ts). */
    themeColor: brandOf(context.site).color,
    /**
     * Whether the island loader registers the offline service worker: not in development, where
     * none is built. It reads what it needs from the pages and the edition's manifest.
     */
    serviceWorker: !context.isDev,
  };
}

export type RootData = ReturnType<typeof rootData>;

/** The root loader's data (site, canonical base, request time); absent only in a failed render. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/** Like useRootData, for components that only render inside a successful page. */
export function useSite(): RootData {
  const data = useRootData();
  if (!data) throw new Error("useSite() called outside the root route's data");
  return data;
}

/**
 * A route's `meta` export: the tags its loader built on the server (page-meta.server.ts), so no
 * page's builders or descriptions are part of the browser's bundle. None when the loader failed
 * (the error boundary names the error in the title).
 */
export function loaderMeta({
  loaderData,
}: {
  loaderData?: { meta?: MetaDescriptor[] } | null;
}): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
