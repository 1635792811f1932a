import { EditionLinks } from "./edition-links";
import type { SiteNavigation } from "~/lib/pages";
import { useT } from "~/lib/i18n";
import { formatDateLine, type PublicSite } from "~/lib/site";
import { ExternalLink } from "./external-link";
import { MainNav, NavItems } from "./main-nav";
import { CloseIcon, MenuIcon } from "./icons";
import { IslandScript } from "./island";
import { SearchBox } from "./search-box";
import { PageLink } from "./page-link";
import { useRootData } from "~/lib/root-data";

const MENU_ID = "site-menu";
const PARTNERS_LABEL_ID = "partner-sites";

/**
 * The top strip, then the masthead and sticky navigation. Under 768 px the links and a search
 * box sit in a panel behind a menu toggle (the menu island, app/islands/menu.ts); choosing a link
 * (or Escape) closes it. Without JavaScript the panel is shown, and the header is not sticky on
 * phones (it would hold the whole panel on top of the page).
 */
export function SiteHeader({
  site,
  now,
  links,
}: {
  site: PublicSite;
  now: number;
  links: SiteNavigation["header"];
}) {
  const t = useT();
  return (
    <>
      {/* The top strip (the date, the other editions, the sponsors), above the masthead on the
          screen and so before it for the keyboard and screen readers (issue 53). */}
      <TopStrip site={site} now={now} />
      {/* Without JavaScript the phone's menu is always open: the header then scrolls away with
          the page rather than staying on top of most of the screen. */}
      <header className="sticky top-0 z-40 rule-double bg-paper-95 backdrop-blur-header max-md:noscript:static">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2 md:py-3">
          <PageLink
            to="/"
            className="font-serif text-2xl font-bold tracking-tight text-ink md:text-4xl"
          >
            {site.name}
          </PageLink>
          <SearchBox className="hidden md:flex" />
          <MenuToggle />
        </div>
        <nav
          id={MENU_ID}
          aria-label={t("layout.mainNav")}
          className="hidden max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-rule md:block md:max-h-none md:overflow-visible noscript:block noscript:max-h-none"
        >
          <div className="mx-auto max-w-7xl px-4 pb-3 md:hidden">
            <SearchBox className="mt-3 md:hidden" />
            <ul className="mt-2 grid grid-cols-2 gap-x-4">
              <NavItems links={links} />
            </ul>
          </div>
          <MainNav links={links} />
        </nav>
        <IslandScript name="menu" />
      </header>
    </>
  );
}

/** The date line, the same page in the city's other editions, and the sponsors' links. */
function TopStrip({ site, now }: { site: PublicSite; now: number }) {
  const root = useRootData();
  const sponsored = !root?.storm || root.stormAds;
  return (
    <div className="border-b border-rule bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1 text-xs text-muted">
        <div className="flex items-center gap-4">
          <p>{formatDateLine(now, site)}</p>
          {/* The same page in the city's other editions, each named in its own language. */}
          <EditionLinks className="flex items-center gap-4" />
        </div>
        {/* Left out in storm mode, as every ad is (STORM_ADS keeps them): nothing paid sits
            under a warning. */}
        {sponsored && <Sponsors partners={site.partners} />}
      </div>
    </div>
  );
}

/**
 * The paid links: the visible label names the list, so what is read is what is seen, and paid
 * links say what they are (issue 37).
 */
function Sponsors({ partners }: { partners: PublicSite["partners"] }) {
  const t = useT();
  return (
    <div className="flex items-center gap-4">
      <span id={PARTNERS_LABEL_ID} className="font-semibold tracking-wider uppercase">
        {t("layout.sponsoredList")}
      </span>
      <ul className="flex items-center gap-4" aria-labelledby={PARTNERS_LABEL_ID}>
        {partners.map((p) => (
          <li key={p.url}>
            <ExternalLink href={p.url} rel="noopener" className="hover:text-accent hover:underline">
              {p.label}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The phone's menu button; the menu island makes it open and close the panel. */
function MenuToggle() {
  const t = useT();
  return (
    <button
      type="button"
      className="flex h-11 w-11 items-center justify-center rounded border border-stone-400 md:hidden noscript:hidden"
      aria-expanded="false"
      aria-controls={MENU_ID}
      data-close-label={t("layout.closeMenu")}
    >
      {/* Both icons: the island shows the one that says what a press does. */}
      <span data-icon="open">
        <MenuIcon />
      </span>
      <span data-icon="close" className="hidden">
        <CloseIcon />
      </span>
      <span className="sr-only">{t("layout.openMenu")}</span>
    </button>
  );
}
