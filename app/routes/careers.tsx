import { useLoaderData, type MetaDescriptor } from "react-router";
import type { JobPosting, WithContext } from "schema-dts";
import { PageHeading } from "~/components/page-heading";
import { useT } from "~/lib/i18n";
import { withParts } from "~/lib/message-parts";
import { contentDates, toCityDateTime } from "~/lib/content-dates.server";
import { ldJson, postalAddress } from "~/lib/meta";
import { pagesFor } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { JobOpening } from "../../sites/content";
import type { Route } from "./+types/careers";
import { cityContext } from "~/lib/city-context";
import type { LoadContext } from "../../server/context";

const EMPLOYMENT_TYPES: Record<string, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const { careers } = context.content.pages;
  const { timeZone } = context.site;
  // A posting date as the start of that day in the city, with its offset.
  const openings = careers.openings.map((job) => ({
    ...job,
    datePosted: toCityDateTime(job.datePosted, timeZone),
  }));
  return {
    heading: PAGES.careers.heading,
    careers: { ...careers, openings },
    meta: pageMeta(
      context,
      PAGES.careers,
      {
        dates: contentDates(
          careers.openings.map((job) => job.datePosted),
          timeZone,
        ),
      },
      openings.map((job) => jobPosting(context, job)),
    ),
  };
}

/**
 * One opening, its date already the city's date-time, as a JobPosting (Google's required fields:
 * structured-data.test.ts).
 */
function jobPosting(context: LoadContext, job: JobOpening): MetaDescriptor {
  const { site, siteUrl } = context;
  return ldJson({
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    datePosted: job.datePosted,
    employmentType: EMPLOYMENT_TYPES[job.type] ?? job.type,
    hiringOrganization: { "@type": "Organization", name: site.name, sameAs: `${siteUrl}/` },
    jobLocation: { "@type": "Place", address: postalAddress(site) },
  } satisfies WithContext<JobPosting>);
}

export const meta = loaderMeta;

export default function Careers() {
  const { heading, careers } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  return (
    // A reading page: one centred measure (docs/design.md), not a column with nothing beside it.
    <div className="mx-auto max-w-3xl">
      <PageHeading standfirst={t("pages.careersStandfirst", { city: site.city, name: site.name })}>
        {heading}
      </PageHeading>
      <section aria-labelledby="openings">
        <h2 id="openings" className="mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold">
          {t("pages.openPositions")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {careers.openings.map((job) => (
            <li key={job.title} className="border border-rule bg-white p-5">
              <h3 className="font-serif text-xl font-bold">{job.title}</h3>
              <p className="mt-1 text-xs font-semibold tracking-wider text-accent uppercase">
                {job.department} · {job.type}
              </p>
              <p className="mt-2 text-[0.95rem]">{job.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="benefits" className="mt-10">
        <h2 id="benefits" className="mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold">
          {t("pages.benefits")}
        </h2>
        <ul className="grid list-disc gap-2 pl-5 sm:grid-cols-2">
          {careers.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="apply" className="mt-10">
        <h2 id="apply" className="mb-4 border-t-4 border-ink pt-3 font-serif text-2xl font-bold">
          {t("pages.howToApply")}
        </h2>
        <p>
          {withParts(t("pages.applyBy"), {
            email: (
              <a className="link" href={`mailto:${careers.applyEmail}`}>
                {careers.applyEmail}
              </a>
            ),
          })}
        </p>
      </section>
      <section aria-labelledby="internship" className="mt-10 bg-stone-100 p-5">
        <h2 id="internship" className="font-serif text-xl font-bold">
          {t("pages.internship")}
        </h2>
        <p className="mt-2">{careers.internship}</p>
      </section>
    </div>
  );
}
