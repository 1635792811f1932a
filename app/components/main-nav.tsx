import { useLocation } from "react-router";
import { useT } from "~/lib/i18n";
import type { SiteNavigation } from "~/lib/pages";
import { PageLink } from "./page-link";

// The focus ring is drawn inside each link: the scrolling row would clip one drawn outside it.
const LINK =
  "flex min-h-11 shrink-0 items-center px-2 text-sm font-semibold whitespace-nowrap focus-visible:-outline-offset-3 md:min-h-10";

const CURRENT = "text-accent underline decoration-2 underline-offset-4";

function linkClass(current: boolean): string {
  return `${LINK} ${current ? CURRENT : "text-ink hover:text-accent"}`;
}

/**
 * The header's links as list items, the current page's marked (aria-current and underlined). The
 * page is known by its route's path: an edition's link is at the page's path in its language.
 */
export function NavItems({ links }: { links: SiteNavigation["header"] }) {
  const { pathname } = useLocation();
  return links.map((link) => {
    const current = link.path === pathname;
    return (
      <li key={link.path}>
        <PageLink
          to={link.path}
          aria-current={current ? "page" : undefined}
          className={linkClass(current)}
        >
          {link.text}
        </PageLink>
      </li>
    );
  });
}

/**
 * The header's links at 768 px and wider, on one row (docs/design.md "Navigation"): the main sections,
 * then "More", a `<details>` disclosure with the rest, which works without JavaScript; with the
 * menu island (app/islands/menu.ts), Escape closes it (focus back on its summary), and so do a
 * click outside and tabbing out of it; a link that gets the keyboard's focus is brought wholly
 * into the scrolling row. From 768 to 1023 px the row scrolls sideways, faded
 * at its edge (its end padded clear of the fade), with More pinned at the right; from 1024 px the
 * row fits and More follows its last link.
 */
export function MainNav({ links }: { links: SiteNavigation["header"] }) {
  const { pathname } = useLocation();
  const t = useT();
  const main = links.filter((link) => !link.more);
  const rest = links.filter((link) => link.more);
  const inMore = rest.some((link) => link.path === pathname);

  return (
    <div className="mx-auto hidden max-w-7xl items-center gap-1 px-4 md:flex">
      <ul
        className="flex min-w-0 flex-1 scroll-pr-10 overflow-x-auto pr-10 mask-fade-end lg:flex-initial lg:scroll-pr-0 lg:pr-0 lg:mask-none"
        aria-label={t("layout.sections")}
        data-nav-row=""
      >
        <NavItems links={main} />
      </ul>
      <details className="group relative shrink-0" data-nav-more="">
        <summary
          className={`${LINK} cursor-pointer list-none rounded hover:text-accent [&::-webkit-details-marker]:hidden ${inMore ? "text-accent" : "text-ink"}`}
        >
          {/* Marked like the current page's link when that page is in here (WCAG 1.3.1: said too). */}
          <span className={inMore ? CURRENT : undefined}>{t("layout.more")}</span>
          <span aria-hidden="true" className="ml-1 inline-block group-open:rotate-180">
            ▾
          </span>
          {inMore && <span className="sr-only">{` ${t("layout.currentPageInMore")}`}</span>}
        </summary>
        <ul className="absolute top-full right-0 z-50 mt-1 grid w-[28rem] grid-cols-2 gap-x-2 rounded border border-rule bg-paper p-2 shadow-menu">
          <NavItems links={rest} />
        </ul>
      </details>
    </div>
  );
}
