import { useLoaderData } from "react-router";
import type { AboutPage, WithContext } from "schema-dts";
import { PageHeading } from "~/components/page-heading";
import { PageLink } from "~/components/page-link";
import { useT } from "~/lib/i18n";
import { withParts } from "~/lib/message-parts";
import { cityDate } from "~/lib/city-date";
import { contentDates } from "~/lib/content-dates.server";
import { ldJson } from "~/lib/meta";
import { pagesFor } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import { outletsOf } from "../../sites/outlets";
import type { Route } from "./+types/about";
import { cityContext } from "~/lib/city-context";

/** The masthead's anchor on this page: /masthead is sent here (routes/masthead.ts). */
const MASTHEAD_ID = "masthead";

/**
 * Who we are (issue 53): the publication, its owner, how it is funded, its sponsors and the books
 * it promotes, as the city's data says them (content.pages.about, in the edition's language);
 * where its stories come from, counted from its feeds; and its masthead.
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const { about } = context.content.pages;
  const structured: WithContext<AboutPage> = {
    "@context": "https://schema.org",
    "@type": "AboutPage",
    name: PAGES.about.heading,
    publisher: {
      "@type": "NewsMediaOrganization",
      name: context.site.name,
      url: `${context.siteUrl}/`,
    },
  };
  return {
    heading: PAGES.about.heading,
    updated: cityDate(about.updated, context.site),
    about,
    outlets: outletsOf(context.site.feeds, context.site.locale),
    corrections: { path: PAGES.corrections.path, heading: PAGES.corrections.heading },
    meta: pageMeta(
      context,
      PAGES.about,
      { dates: contentDates([about.updated], context.site.timeZone) },
      [ldJson(structured)],
    ),
  };
}

export const meta = loaderMeta;

const H2 = "mb-3 border-t-4 border-ink pt-3 font-serif text-2xl font-bold";

export default function About() {
  const { heading, updated, about, outlets, corrections } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  return (
    // A reading page: one centred measure (docs/design.md).
    <article className="mx-auto max-w-3xl">
      <PageHeading standfirst={about.standfirst}>{heading}</PageHeading>
      <p className="-mt-5 mb-8 text-sm text-muted">
        {withParts(t("pages.lastUpdated"), {
          date: <time dateTime={updated.iso}>{updated.text}</time>,
        })}
      </p>
      <div className="space-y-10">
        {about.sections.map((section) => (
          <section key={section.title}>
            <h2 className={H2}>{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-3">
                {p}
              </p>
            ))}
          </section>
        ))}
        <section aria-labelledby="sources">
          <h2 id="sources" className={H2}>
            {t("pages.aboutSources")}
          </h2>
          <p>{t("pages.aboutSourcesCount", { count: outlets.length })}</p>
          <ul className="mt-3 grid list-disc gap-x-8 gap-y-1 pl-5 sm:grid-cols-2" data-outlets>
            {outlets.map((outlet) => (
              <li key={outlet}>{outlet}</li>
            ))}
          </ul>
          <p className="mt-4">
            <PageLink to={corrections.path} className="link">
              {corrections.heading}
            </PageLink>
          </p>
        </section>
        <Masthead entries={about.masthead} siteName={site.name} />
      </div>
    </article>
  );
}

/** The masthead: who does what, with an address for those who give one. */
function Masthead({
  entries,
  siteName,
}: {
  entries: Route.ComponentProps["loaderData"]["about"]["masthead"];
  siteName: string;
}) {
  const t = useT();
  return (
    <section id={MASTHEAD_ID} aria-labelledby="masthead-heading" className="scroll-mt-32">
      <h2 id="masthead-heading" className={H2}>
        {t("pages.masthead")}
      </h2>
      <p>{t("pages.mastheadStandfirst", { name: siteName })}</p>
      <dl className="mt-3 divide-y divide-rule border-y border-rule">
        {entries.map((entry) => (
          <div key={entry.role} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">{entry.role}</dt>
            <dd>
              {entry.name}
              {entry.email && (
                <>
                  {" · "}
                  <a className="link" href={`mailto:${entry.email}`}>
                    {entry.email}
                  </a>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
