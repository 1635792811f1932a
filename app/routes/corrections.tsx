import { useLoaderData } from "react-router";
import { PageHeading } from "~/components/page-heading";
import { PageLink } from "~/components/page-link";
import { useT } from "~/lib/i18n";
import { withParts } from "~/lib/message-parts";
import { cityDate } from "~/lib/city-date";
import { contentDates } from "~/lib/content-dates.server";
import { pagesFor } from "~/lib/pages";
import { pageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/corrections";
import { cityContext } from "~/lib/city-context";

/**
 * The corrections page (issue 53): what we correct, how to ask (the contact page, a subject), and
 * the dated list of corrections, newest first, from the city's data (content.pages.corrections,
 * in the edition's language); an empty list says there are none so far.
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  // The pages' words in the edition's language.
  const PAGES = pagesFor(context.site.locale);
  const { corrections } = context.content.pages;
  const list = [...corrections.corrections]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((c) => ({ ...c, date: cityDate(c.date, context.site) }));
  return {
    heading: PAGES.corrections.heading,
    updated: cityDate(corrections.updated, context.site),
    policy: corrections.policy,
    list,
    contactPath: PAGES.contact.path,
    meta: pageMeta(context, PAGES.corrections, {
      dates: contentDates(
        [corrections.updated, ...corrections.corrections.map((c) => c.date)],
        context.site.timeZone,
      ),
    }),
  };
}

export const meta = loaderMeta;

const H2 = "mb-3 border-t-4 border-ink pt-3 font-serif text-2xl font-bold";

export default function Corrections() {
  const { heading, updated, policy, list, contactPath } = useLoaderData<typeof loader>();
  const { site } = useSite();
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeading standfirst={t("pages.correctionsStandfirst", { name: site.name })}>
        {heading}
      </PageHeading>
      <p className="-mt-5 mb-8 text-sm text-muted">
        {withParts(t("pages.lastUpdated"), {
          date: <time dateTime={updated.iso}>{updated.text}</time>,
        })}
      </p>
      <div className="space-y-10">
        <section aria-labelledby="what-we-correct">
          <h2 id="what-we-correct" className={H2}>
            {t("pages.correctionsWhat")}
          </h2>
          {policy.map((p) => (
            <p key={p} className="mt-3">
              {p}
            </p>
          ))}
        </section>
        <section aria-labelledby="how-to-ask">
          <h2 id="how-to-ask" className={H2}>
            {t("pages.correctionsAsk")}
          </h2>
          <p>
            {withParts(t("pages.correctionsAskText"), {
              contact: (
                <PageLink to={contactPath} className="link">
                  {t("pages.correctionsContact")}
                </PageLink>
              ),
            })}
          </p>
        </section>
        <section aria-labelledby="corrections-made">
          <h2 id="corrections-made" className={H2}>
            {t("pages.correctionsList")}
          </h2>
          {list.length === 0 ? (
            <p>{t("pages.correctionsNone")}</p>
          ) : (
            <CorrectionsList list={list} />
          )}
        </section>
      </div>
    </article>
  );
}

/** The corrections made, newest first: each one's date, subject (a link to the story) and text. */
function CorrectionsList({ list }: { list: Route.ComponentProps["loaderData"]["list"] }) {
  return (
    <ol className="divide-y divide-rule border-y border-rule">
      {list.map((c) => (
        <li key={`${c.date.iso} ${c.subject}`} className="py-3">
          <p className="text-sm text-muted">
            <time dateTime={c.date.iso}>{c.date.text}</time>
          </p>
          <p className="font-semibold">
            {c.url ? (
              <a className="link" href={c.url}>
                {c.subject}
              </a>
            ) : (
              c.subject
            )}
          </p>
          <p>{c.text}</p>
        </li>
      ))}
    </ol>
  );
}
