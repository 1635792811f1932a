import { useLoaderData } from "react-router";
import { EmbedFrame } from "~/components/embed-frame";
import { PageHeading } from "~/components/page-heading";
import { PageWithSidebar } from "~/components/page-with-sidebar";
import { PAGES } from "~/lib/pages";
import { useT } from "~/lib/i18n";
import { translatorFor } from "../../common/i18n";
import { categoryHeading, categoryText } from "../../sites/categories";
import { newsPageMeta } from "~/lib/page-meta.server";
import { loaderMeta, useSite } from "~/lib/root-data";
import type { Route } from "./+types/local-events";
import { cityContext } from "~/lib/city-context";

/** The events feed wall's frame height. */
const EVENTS_FRAME_HEIGHT = 1600;

export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return {
    heading: categoryHeading({ text: categoryText("events") }, translatorFor(context.site.locale)),
    // The events wall's https URL (checked by the site schema), or null: not configured.
    eventsSrc: context.site.embeds.eventsFeed || null,
    events: context.content.news.events,
    // A news section without stored stories (an embedded events wall): a section, no times.
    meta: newsPageMeta(context, PAGES["local-events"]),
  };
}

export const meta = loaderMeta;

export default function LocalEvents() {
  const { heading, eventsSrc, events } = useLoaderData<typeof loader>();
  const { site, embedPlaceholders } = useSite();
  const t = useT();
  const submit = (
    <section className="bg-stone-100 p-5" aria-labelledby="submit-event">
      <h2 id="submit-event" className="font-serif text-xl font-bold">
        {t("news.events.submitTitle")}
      </h2>
      <p className="mt-2 text-[0.95rem]">{t("news.events.weList")}</p>
      <ul className="mt-2 space-y-2">
        {events.kinds.map((kind) => (
          <li key={kind.title}>
            <p className="font-semibold">{kind.title}</p>
            <p className="text-sm text-muted">{kind.description}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-[0.95rem]">
        {t("news.events.sendTo")}{" "}
        <a className="link" href={`mailto:${events.submitEmail}`}>
          {events.submitEmail}
        </a>
        .
      </p>
    </section>
  );
  return (
    <>
      <PageHeading standfirst={t("news.events.standfirst", { city: site.city })}>
        {heading}
      </PageHeading>
      {eventsSrc || embedPlaceholders ? (
        <PageWithSidebar sidebar={submit}>
          <EmbedFrame
            src={eventsSrc}
            title={t("news.events.frameTitle", { city: site.city })}
            height={EVENTS_FRAME_HEIGHT}
            placeholder={t("news.events.placeholder")}
          />
        </PageWithSidebar>
      ) : (
        // No events wall configured: the page is the invitation to send events, in one measure.
        <div className="max-w-3xl">{submit}</div>
      )}
    </>
  );
}
