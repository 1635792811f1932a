import { useLocation } from "react-router";
import { useT } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import type { SiteNavigation } from "~/lib/pages";
import type { PublicSite } from "~/lib/site";
import { ExternalLink } from "./external-link";
import { PageLink } from "./page-link";
import { BriefingSignup } from "./briefing-signup";
import { FEED_FORMATS, feedRoutePath, type FeedFormat } from "~/lib/feeds";

/** The number of publications in the network (docs/product.md §1). */
export const NETWORK_SIZE = 3000;

/** A column's heading, with the id its column is labelled by. */
function ColumnHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 font-sans text-sm font-bold tracking-wider text-white uppercase">
      {children}
    </h2>
  );
}

const LINK_CLASS =
  "inline-flex min-h-8 items-center text-stone-200 hover:text-white hover:underline";
const LIST_CLASS =
  "flex flex-wrap gap-x-5 text-sm sm:block sm:space-y-1 max-sm:[&>li]:whitespace-nowrap";

/** The footer: Sections, More, Legal and Connect columns, then the network line. */
export function SiteFooter({
  site,
  now,
  nav,
}: {
  site: PublicSite;
  now: number;
  nav: SiteNavigation;
}) {
  // An edition's home is its basename's "/": it has the sign-up form of its own (under the
  // weather, which storm mode moves to the top without it).
  const storm = useRootData()?.storm ?? false;
  const ownForm = useLocation().pathname === "/" && !storm;
  return (
    <footer className="on-ink mt-16 bg-ink text-stone-200">
      {/* On a phone one column, each column's links running on as a line does (issue 53: home's height). */}
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-2 sm:gap-8 sm:py-12 lg:grid-cols-4">
        {nav.footer.map((column) => (
          <FooterColumn key={column.title} column={column} />
        ))}
        <ConnectColumn site={site} contact={nav.contact} />
      </div>
      {/* The morning briefing by e-mail (issue 54): on every page but home, which has its own. */}
      {!ownForm && (
        <div className="mx-auto max-w-7xl px-4 pb-8">
          <BriefingSignup tone="ink" className="max-w-xl" />
        </div>
      )}
      <FooterBase site={site} now={now} />
    </footer>
  );
}

/** One column of the site's own pages: Sections, More or Legal. */
function FooterColumn({ column }: { column: SiteNavigation["footer"][number] }) {
  const id = `footer-${column.title.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <ColumnHeading id={id}>{column.title}</ColumnHeading>
      <ul className={LIST_CLASS}>
        {column.links.map((link) => (
          <li key={link.path}>
            <PageLink to={link.path} className={LINK_CLASS}>
              {link.text}
            </PageLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Connect: the newsroom's address, the social and partner links, and the contact page. */
function ConnectColumn({
  site,
  contact,
}: {
  site: PublicSite;
  contact: SiteNavigation["contact"];
}) {
  const t = useT();
  return (
    <section aria-labelledby="footer-connect" className="sm:col-span-2 lg:col-span-1">
      <ColumnHeading id="footer-connect">{t("layout.footerConnect")}</ColumnHeading>
      <address className="space-y-1 text-sm not-italic">
        <p>
          <a href={`mailto:${site.contact.email}`} className={LINK_CLASS}>
            {site.contact.email}
          </a>
        </p>
        {site.contact.phone && (
          <p>
            <a href={`tel:${site.contact.phone.replace(/[^\d+]/g, "")}`} className={LINK_CLASS}>
              {site.contact.phone}
            </a>
          </p>
        )}
        {site.contact.address && <p>{site.contact.address}</p>}
      </address>
      <ul className={`mt-3 ${LIST_CLASS}`}>
        {[...site.social, ...site.partners].map((l) => (
          <li key={l.url}>
            <ExternalLink href={l.url} className={LINK_CLASS}>
              {l.label}
            </ExternalLink>
          </li>
        ))}
        <li>
          <PageLink to={contact.path} className={LINK_CLASS}>
            {contact.text}
          </PageLink>
        </li>
      </ul>
    </section>
  );
}

/** The network line, the site's own feeds and the copyright. */
function FooterBase({ site, now }: { site: PublicSite; now: number }) {
  const t = useT();
  const year = new Intl.DateTimeFormat(site.locale, {
    year: "numeric",
    timeZone: site.timeZone,
  }).format(now);
  return (
    <div className="border-t border-stone-700">
      <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-stone-300">
        <p>{t("layout.footerNetwork", { site: site.name, size: NETWORK_SIZE })}</p>
        {/* The site's own feeds (issue 54): home's in each format, and the weather alerts'. */}
        <p className="mt-3 flex flex-wrap items-center gap-x-4">
          <span>{t("layout.footerFeeds")}</span>
          {FEED_FORMATS.map((format) => (
            <PageLink
              key={format.id}
              to={feedRoutePath("/", format)}
              type={format.type}
              className={LINK_CLASS}
            >
              {format.label}
            </PageLink>
          ))}
          <PageLink
            to={feedRoutePath("/weather", FEED_FORMATS[0] as FeedFormat)}
            type="application/rss+xml"
            className={LINK_CLASS}
          >
            {t("layout.footerFeedsAlerts")}
          </PageLink>
        </p>
        <p className="mt-1">{t("layout.copyright", { year, site: site.name })}</p>
      </div>
    </div>
  );
}
