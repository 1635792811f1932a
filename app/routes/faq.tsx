import { useLoaderData } from "react-router";
import type { FAQPage, WithContext } from "schema-dts";
import { PageHeading } from "~/components/page-heading";
import { PageLink } from "~/components/page-link";
import { useT } from "~/lib/i18n";
import { usePageHref } from "~/lib/page-path";
import { contentDates } from "~/lib/content-dates.server";
import { ldJson } from "~/lib/meta";
import { pagesFor } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/faq";
import { cityContext } from "~/lib/city-context";

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const { faq } = context.content.pages;
  const structured: WithContext<FAQPage> = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  const dates = contentDates([faq.updated], context.site.timeZone);
  return {
    heading: PAGES.faq.heading,
    contactPath: PAGES.contact.path,
    // Each answer with the page it points to (issue 53: the corrections page, the About page).
    faq: faq.items.map(({ page, ...item }) => ({
      ...item,
      link: page ? { path: PAGES[page].path, heading: PAGES[page].heading } : null,
    })),
    meta: pageMeta(context, PAGES.faq, { dates }, [ldJson(structured)]),
  };
}

export const meta = loaderMeta;

/** docs/product.md §2 FAQ: each question opens on click, several at once (native <details>, no script). */
export default function Faq() {
  const { heading, contactPath, faq } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  const pageHref = usePageHref();
  return (
    // A reading page: one centred measure (docs/design.md), not a column with nothing beside it.
    <div className="mx-auto max-w-3xl">
      <PageHeading standfirst={t("pages.faqStandfirst", { name: site.name })}>
        {heading}
      </PageHeading>
      <div className="max-w-3xl divide-y divide-rule border-y border-rule">
        {faq.map((item) => (
          <details key={item.question} className="group py-1">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 py-2 font-serif text-lg font-bold marker:hidden">
              {item.question}
              <span
                aria-hidden="true"
                className="text-2xl text-accent group-open:rotate-45 motion-safe:transition-transform"
              >
                +
              </span>
            </summary>
            <p className="pb-4 text-[0.95rem] text-ink-85">
              {item.answer}
              {item.link && (
                <>
                  {" "}
                  <PageLink to={item.link.path} className="link">
                    {t("pages.seeAlso", { page: item.link.heading })}
                  </PageLink>
                </>
              )}
            </p>
          </details>
        ))}
      </div>
      <section aria-labelledby="more-questions" className="mt-10 bg-stone-100 p-5">
        <h2 id="more-questions" className="font-serif text-xl font-bold">
          {t("pages.stillQuestion")}
        </h2>
        <p className="mt-3 flex flex-wrap gap-3">
          <a
            href={pageHref(contactPath)}
            className="inline-flex min-h-11 items-center rounded bg-accent px-5 font-semibold text-white hover:bg-accent-dark"
          >
            {t("pages.contactUs")}
          </a>
          <a
            href={`mailto:${site.contact.email}`}
            className="inline-flex min-h-11 items-center rounded border border-ink px-5 font-semibold hover:bg-ink hover:text-white"
          >
            {t("pages.emailNewsroom")}
          </a>
        </p>
      </section>
    </div>
  );
}
