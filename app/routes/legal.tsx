import { data, useLoaderData } from "react-router";
import { PageHeading } from "~/components/page-heading";
import { useT } from "~/lib/i18n";
import { usePageHref } from "~/lib/page-path";
import { withParts } from "~/lib/message-parts";
import { cityDate } from "~/lib/city-date";
import { contentDates } from "~/lib/content-dates.server";
import { pagesFor, type PageId, type PageInfo } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta } from "~/lib/root-data";
import type { Route } from "./+types/legal";
import { cityContext } from "~/lib/city-context";

// The two versions of the legal pages (docs/product.md §2): /privacy-policy and /terms-of-service with
// numbered sections, /privacy and /terms as short plain blocks. One module; the route decides.

const FULL = { "/privacy-policy": "privacyPolicy", "/terms-of-service": "termsOfService" } as const;
const SHORT = { "/privacy": "privacy", "/terms": "terms" } as const;
type LegalPath = keyof typeof FULL | keyof typeof SHORT;
const PAGE_OF: Record<LegalPath, PageId> = {
  "/privacy-policy": "privacy-policy",
  "/terms-of-service": "terms-of-service",
  "/privacy": "privacy",
  "/terms": "terms",
};
/** The full version a short page links to. */
const FULL_OF: Record<keyof typeof SHORT, PageId> = {
  "/privacy": "privacy-policy",
  "/terms": "terms-of-service",
};

export function loader({ context: router, pattern }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const path = `/${pattern.replace(/^\/+|\/+$/g, "")}` as LegalPath;
  const legal = context.content.pages.legal;
  const dates = contentDates([legal.updated], context.site.timeZone);
  const page = PAGES[PAGE_OF[path]] as PageInfo | undefined;
  if (!page) throw data("Not found", { status: 404 });
  const shared = {
    heading: page.heading,
    updated: cityDate(legal.updated, context.site),
    meta: pageMeta(context, page, { dates }),
  };
  if (path in FULL) {
    return {
      ...shared,
      sections: legal[FULL[path as keyof typeof FULL]],
      blocks: null,
      full: null,
    };
  }
  const full = PAGES[FULL_OF[path as keyof typeof SHORT]];
  return {
    ...shared,
    sections: null,
    blocks: legal[SHORT[path as keyof typeof SHORT]],
    full: { path: full.path, heading: full.heading },
  };
}

export const meta = loaderMeta;

export default function Legal() {
  const { heading, updated, sections, blocks, full } = useLoaderData<typeof loader>();
  const t = useT();
  const pageHref = usePageHref();
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeading>{heading}</PageHeading>
      <p className="-mt-5 mb-8 text-sm text-muted">
        {withParts(t("pages.lastUpdated"), {
          date: <time dateTime={updated.iso}>{updated.text}</time>,
        })}
      </p>
      {sections && (
        <ol className="space-y-8">
          {sections.map((section, i) => (
            <li key={section.title}>
              <h2 className="font-serif text-2xl font-bold">
                {i + 1}. {section.title}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p} className="mt-3">
                  {p}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {blocks && full && (
        <div className="space-y-4">
          {blocks.map((b) => (
            <p key={b}>{b}</p>
          ))}
          <p>
            <a className="link" href={pageHref(full.path)}>
              {t("pages.readFull", { heading: full.heading })}
            </a>
          </p>
        </div>
      )}
    </article>
  );
}
