import { data, useLoaderData } from "react-router";
import { DateText } from "~/components/date-text";
import { PageHeading } from "~/components/page-heading";
import { contentDates } from "~/lib/content-dates.server";
import { PAGES } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta } from "~/lib/root-data";
import type { Route } from "./+types/legal";

// The two versions of the legal pages (SPEC.md §2): /privacy-policy and /terms-of-service with
// numbered sections, /privacy and /terms as short plain blocks. One module; the route decides.

const FULL = { "/privacy-policy": "privacyPolicy", "/terms-of-service": "termsOfService" } as const;
const SHORT = { "/privacy": "privacy", "/terms": "terms" } as const;
type LegalPath = keyof typeof FULL | keyof typeof SHORT;
const PAGE_OF: Record<LegalPath, keyof typeof PAGES> = {
  "/privacy-policy": "privacy-policy",
  "/terms-of-service": "terms-of-service",
  "/privacy": "privacy",
  "/terms": "terms",
};

export function loader({ context, pattern }: Route.LoaderArgs) {
  const path = `/${pattern.replace(/^\/+|\/+$/g, "")}` as LegalPath;
  const legal = context.content.pages.legal;
  const dates = contentDates([legal.updated], context.site.timeZone);
  const meta = (page: keyof typeof PAGES) => pageMeta(context, PAGES[page], { dates });
  if (path in FULL) {
    return {
      page: PAGE_OF[path],
      updated: legal.updated,
      meta: meta(PAGE_OF[path]),
      sections: legal[FULL[path as keyof typeof FULL]],
      blocks: null,
    };
  }
  if (path in SHORT) {
    return {
      page: PAGE_OF[path],
      updated: legal.updated,
      meta: meta(PAGE_OF[path]),
      sections: null,
      blocks: legal[SHORT[path as keyof typeof SHORT]],
    };
  }
  throw data("Not found", { status: 404 });
}

export const meta = loaderMeta;

export default function Legal() {
  const { page, updated, sections, blocks } = useLoaderData<typeof loader>();
  const info = PAGES[page];
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeading>{info.heading}</PageHeading>
      <p className="-mt-5 mb-8 text-sm text-muted">
        Last updated <DateText iso={updated} />
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
      {blocks && (
        <div className="space-y-4">
          {blocks.map((b) => (
            <p key={b}>{b}</p>
          ))}
          <p>
            <a
              className="link"
              href={
                page === "privacy" ? PAGES["privacy-policy"].path : PAGES["terms-of-service"].path
              }
            >
              Read the full{" "}
              {page === "privacy"
                ? PAGES["privacy-policy"].heading
                : PAGES["terms-of-service"].heading}
            </a>
          </p>
        </div>
      )}
    </article>
  );
}
